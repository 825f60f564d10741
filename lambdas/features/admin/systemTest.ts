/**
 * The admin's full system test: infrastructure health, a reminder written and removed, mail
 * readiness, and the authorization rules run through the real handlers (a regular user reads neither
 * another user's reminders nor the audit log; an admin may read the audit log).
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { DateTime } from 'luxon';
import type { CheckResult, SystemTestResult } from '../../../shared/admin.ts';
import { UK_ZONE } from '../../../shared/dates.ts';
import { ADMIN_GROUP } from '../../../shared/identity.ts';
import { API_MESSAGES, NOTICES } from '../../../shared/messages.ts';
import { API } from '../../../shared/routes.ts';
import type { RouteDef } from '../../../shared/contract.ts';
import { buildApiEvent, throughCloudFront } from '../../runtime/apiEvent.ts';
import { env } from '../../runtime/env.ts';
import { errorMessage as message } from '../../runtime/errors.ts';
import type { ApiEvent, Caller } from '../../runtime/http.ts';
import { getProfile } from '../../store/account/index.ts';
import { createReminder } from '../reminders/create.ts';
import { deleteReminder } from '../reminders/delete.ts';
import { getReminder } from '../../store/reminders/index.ts';
import { healthChecks, sesHandshake } from './checks.ts';

type Outcome = Pick<CheckResult, 'status' | 'detail'>;

/** A route's Lambda handler, as the system test drives it. */
type RouteHandler = (event: ApiEvent, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * The real handlers the security checks go through, handed in by the system test's own handler: the
 * use case sits below the handlers and never imports one.
 */
export interface SystemTestRoutes {
  listReminders: RouteHandler;
  adminAudit: RouteHandler;
}
type Check = [category: string, name: string, run: () => Promise<Outcome>];

/** An API Gateway event for `route` as the JWT authorizer would pass it for this user and groups. */
async function eventAs(route: RouteDef, userId: string, groups: string[]) {
  return buildApiEvent({
    method: route.method,
    routePath: route.path,
    headers: await throughCloudFront({}),
    claims: { sub: userId, token_use: 'access', 'cognito:groups': `[${groups.join(' ')}]` },
  });
}

const stranger = () => `system-test-${randomUUID()}`;

function securityChecks(
  routes: SystemTestRoutes,
  caller: Caller,
  context: Context,
  reminderId: () => string | undefined,
): Check[] {
  return [
    [
      'Security',
      "Regular user cannot read others' reminders",
      async () => {
        const id = reminderId();
        if (!id) return { status: 'warning', detail: API_MESSAGES.noTestReminder };
        const userId = stranger();
        const listed = await routes.listReminders(await eventAs(API.listReminders, userId, []), context);
        const body = JSON.parse(listed.body ?? '{}') as { reminders: { user_id: string }[] };
        const leaked = body.reminders.filter((r) => r.user_id !== userId).length;
        const direct = (await getReminder(userId, id)) ? 1 : 0;
        return leaked + direct === 0
          ? { status: 'pass', detail: 'Another user sees none of them (list and by id)' }
          : {
              status: 'fail',
              detail: `SECURITY: a regular user could read ${leaked + direct} foreign reminders`,
            };
      },
    ],
    [
      'Security',
      'Regular user cannot read the audit log',
      async () => {
        const response = await routes.adminAudit(await eventAs(API.adminAudit, stranger(), []), context);
        return response.statusCode === 403
          ? { status: 'pass', detail: 'Refused with 403' }
          : {
              status: 'fail',
              detail: `SECURITY: the audit log answered ${response.statusCode} to a regular user`,
            };
      },
    ],
    [
      'Security',
      'Admin can read the audit log',
      async () => {
        const response = await routes.adminAudit(
          await eventAs(API.adminAudit, caller.userId, [ADMIN_GROUP]),
          context,
        );
        return response.statusCode === 200
          ? { status: 'pass', detail: 'Answered 200' }
          : { status: 'fail', detail: `Answered ${response.statusCode}` };
      },
    ],
  ];
}

async function mailCheck(email: string | undefined): Promise<Outcome> {
  if (!email) return { status: 'warning', detail: NOTICES.noUserEmail };
  if (env().EMAIL_PROVIDER === 'disabled') return { status: 'warning', detail: NOTICES.emailDisabled };
  const handshake = await sesHandshake();
  return handshake.ok
    ? { status: 'pass', detail: `Mail to ${email} can be sent` }
    : { status: 'fail', detail: handshake.message };
}

export async function runSystemTest(
  routes: SystemTestRoutes,
  caller: Caller,
  context: Context,
  email: string | undefined,
): Promise<SystemTestResult> {
  const results: CheckResult[] = (await healthChecks()).map((r) => ({ ...r }));
  // The access token carries no address: the admin's own comes from their profile.
  const ownEmail = (await getProfile(caller.userId).catch(() => undefined))?.email;
  let testReminderId: string | undefined;
  const checks: Check[] = [
    [
      'Database',
      'Create test reminder',
      async () => {
        const reminder = await createReminder(caller.userId, {
          title: 'System test reminder',
          category: 'utilities_energy',
          provider: 'System Test',
          renewal_date: DateTime.now().setZone(UK_ZONE).plus({ days: 45 }).toISODate()!,
          amount: 1,
          notes: 'Created and deleted by the admin system test',
        });
        testReminderId = reminder.id;
        return { status: 'pass', detail: `Created ${reminder.id.slice(0, 8)}` };
      },
    ],
    ...securityChecks(routes, caller, context, () => testReminderId),
    [
      'Database',
      'Delete test reminder',
      async () => {
        if (!testReminderId) return { status: 'warning', detail: API_MESSAGES.noTestReminder };
        return (await deleteReminder(caller.userId, testReminderId))
          ? { status: 'pass', detail: 'Deleted' }
          : { status: 'fail', detail: 'The test reminder was not found to delete' };
      },
    ],
    ['Email', 'Test address', () => mailCheck(email ?? ownEmail)],
    [
      'Auth',
      'Session',
      async () => ({
        status: 'pass',
        detail: `Verified access token for ${ownEmail ?? caller.userId.slice(0, 8)} with the admin group`,
      }),
    ],
  ];
  for (const [category, name, run] of checks) {
    try {
      results.push({ category, name, ...(await run()) });
    } catch (error) {
      results.push({ category, name, status: 'fail', detail: message(error) });
    }
  }
  const count = (status: CheckResult['status']) => results.filter((r) => r.status === status).length;
  const summary = { passed: count('pass'), failed: count('fail'), warnings: count('warning') };
  return { results, summary, ran_at: new Date().toISOString() };
}

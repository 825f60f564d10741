import type { Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import type { CheckResult } from '../../shared/api.ts';
import { systemTestSchema } from '../../shared/schemas.ts';
import { healthChecks, sesHandshake } from '../admin/checks.ts';
import { env } from '../runtime/env.ts';
import { json, parseBody, route, type ApiEvent } from '../runtime/http.ts';
import { audit } from '../store/audit.ts';
import { createReminder, deleteReminder, getReminder } from '../store/reminders.ts';
import { handler as listRemindersHandler } from './listReminders.ts';
import { handler as adminAuditHandler } from './adminAudit.ts';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** An API Gateway event as the JWT authorizer would pass it, for the authorization checks. */
function eventFor(userId: string, groups: string[]): ApiEvent {
  return {
    version: '2.0',
    routeKey: 'GET /api/x',
    rawPath: '/api/x',
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: {
      http: { method: 'GET', path: '/api/x' },
      authorizer: { jwt: { claims: { sub: userId, 'cognito:groups': `[${groups.join(' ')}]` }, scopes: [] } },
    },
  } as unknown as ApiEvent;
}

async function check(
  results: CheckResult[],
  category: string,
  name: string,
  run: () => Promise<{ status: CheckResult['status']; detail: string }>,
) {
  try {
    results.push({ category, name, ...(await run()) });
  } catch (error) {
    results.push({ category, name, status: 'fail', detail: message(error) });
  }
}

/**
 * The full system test: infrastructure health, a reminder written and removed, mail readiness, and
 * the authorization rules run through the real handlers (a regular user reads neither another
 * user's reminders nor the audit log; an admin may read the audit log).
 */
export const handler = route('admin', async (event, caller, context: Context) => {
  const input = parseBody(event, systemTestSchema);
  await audit(caller, 'system_test', `email ${input.email ? 'given' : 'default'}`);
  const results: CheckResult[] = (await healthChecks()).map((r) => ({ ...r }));

  let testReminderId: string | undefined;
  await check(results, 'Database', 'Create test reminder', async () => {
    const reminder = await createReminder(caller.userId, {
      title: 'System test reminder',
      category: 'utilities_energy',
      provider: 'System Test',
      renewal_date: new Date(Date.now() + 86_400_000 * 45).toISOString().slice(0, 10),
      amount: 1,
      notes: 'Created and deleted by the admin system test',
    });
    testReminderId = reminder.id;
    return { status: 'pass', detail: `Created ${reminder.id.slice(0, 8)}` };
  });

  await check(results, 'Security', "Regular user cannot read others' reminders", async () => {
    if (!testReminderId) return { status: 'warning', detail: 'Skipped: no test reminder' };
    const stranger = `system-test-${randomUUID()}`;
    const listed = await listRemindersHandler(eventFor(stranger, []), context);
    const body = JSON.parse((listed as { body: string }).body) as { reminders: { user_id: string }[] };
    const leaked = body.reminders.filter((r) => r.user_id !== stranger);
    const direct = await getReminder(stranger, testReminderId);
    return leaked.length === 0 && !direct
      ? { status: 'pass', detail: 'Another user sees none of them (list and by id)' }
      : {
          status: 'fail',
          detail: `SECURITY: a regular user could read ${leaked.length + (direct ? 1 : 0)} foreign reminders`,
        };
  });

  await check(results, 'Security', 'Regular user cannot read the audit log', async () => {
    const response = await adminAuditHandler(eventFor(`system-test-${randomUUID()}`, []), context);
    return response.statusCode === 403
      ? { status: 'pass', detail: 'Refused with 403' }
      : {
          status: 'fail',
          detail: `SECURITY: the audit log answered ${response.statusCode} to a regular user`,
        };
  });

  await check(results, 'Security', 'Admin can read the audit log', async () => {
    const response = await adminAuditHandler(eventFor(caller.userId, ['admin']), context);
    return response.statusCode === 200
      ? { status: 'pass', detail: 'Answered 200' }
      : { status: 'fail', detail: `Answered ${response.statusCode}` };
  });

  await check(results, 'Database', 'Delete test reminder', async () => {
    if (!testReminderId) return { status: 'warning', detail: 'Skipped: no test reminder' };
    return (await deleteReminder(caller.userId, testReminderId))
      ? { status: 'pass', detail: 'Deleted' }
      : { status: 'fail', detail: 'The test reminder was not found to delete' };
  });

  await check(results, 'Email', 'Test address', async () => {
    const email = input.email ?? caller.email;
    if (!email) return { status: 'warning', detail: 'No user email available' };
    if (env().EMAIL_PROVIDER === 'disabled') {
      return { status: 'warning', detail: 'Email sending disabled (EMAIL_PROVIDER=disabled)' };
    }
    const handshake = await sesHandshake();
    return handshake.ok
      ? { status: 'pass', detail: `Mail to ${email} can be sent` }
      : { status: 'fail', detail: handshake.message };
  });

  await check(results, 'Auth', 'Session', async () => ({
    status: 'pass',
    detail: `Verified token for ${caller.email ?? caller.userId.slice(0, 8)} with the admin group`,
  }));

  const summary = {
    passed: results.filter((r) => r.status === 'pass').length,
    failed: results.filter((r) => r.status === 'fail').length,
    warnings: results.filter((r) => r.status === 'warning').length,
  };
  return json(200, { results, summary, ran_at: new Date().toISOString() });
});

import type { CheckResult, HandshakeResult } from '../../../shared/admin.ts';
import { NOTICES } from '../../../shared/messages.ts';
import { sesClient } from '../../runtime/clients.ts';
import { env } from '../../runtime/env.ts';
import { errorMessage as message } from '../../runtime/errors.ts';
import { describeUserPool } from '../../runtime/identity.ts';
import { latestCronRuns } from '../../store/sending/index.ts';
import { readTableOnce } from '../../store/admin/index.ts';

/** The sending domain of EMAIL_FROM ('Name <a@b.c>' or 'a@b.c'). */
export function senderDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.split('@')[1] ?? '';
}

/** The SES handshake: sending enabled and quota (GetAccount), and the sending identity's status. */
export async function sesHandshake(): Promise<HandshakeResult> {
  const base = {
    provider: env().EMAIL_PROVIDER,
    sending_enabled: null,
    max_24_hour_send: null,
    max_send_rate: null,
    sent_last_24_hours: null,
    identity: senderDomain(env().EMAIL_FROM) || null,
    identity_verified: null,
  };
  // Sending is off on purpose: say so rather than report SES's own state as a pass.
  if (env().EMAIL_PROVIDER === 'disabled') {
    return { ...base, ok: false, message: NOTICES.emailDisabled };
  }
  try {
    const { GetAccountCommand, GetEmailIdentityCommand } = await import('@aws-sdk/client-sesv2');
    const ses = await sesClient();
    const account = await ses.send(new GetAccountCommand({}));
    let verified: boolean;
    if (env().SES_ENDPOINT) {
      // The local emulator has no identities: everything is deliverable to its mailbox.
      verified = true;
    } else {
      const identity = await ses.send(new GetEmailIdentityCommand({ EmailIdentity: base.identity ?? '' }));
      verified = identity.VerifiedForSendingStatus === true;
    }
    const enabled = account.SendingEnabled === true;
    const ok = enabled && verified;
    return {
      ...base,
      ok,
      message: ok
        ? `PASS: SES sending enabled, ${account.SendQuota?.MaxSendRate ?? '?'} mails/s, ${account.SendQuota?.Max24HourSend ?? '?'} per 24 h, ${base.identity} verified`
        : `FAIL: ${!enabled ? 'SES sending is not enabled for the account' : `${base.identity} is not verified in SES`}`,
      sending_enabled: enabled,
      max_24_hour_send: account.SendQuota?.Max24HourSend ?? null,
      max_send_rate: account.SendQuota?.MaxSendRate ?? null,
      sent_last_24_hours: account.SendQuota?.SentLast24Hours ?? null,
      identity_verified: verified,
    };
  } catch (error) {
    return { ...base, ok: false, message: `FAIL: ${message(error)}` };
  }
}

/** The reminder job runs every hour: a last run older than two has missed one. */
export const LAST_RUN_FRESHNESS_HOURS = 2;

/** The health checks of the self-check page: database, Cognito, SES, the reminder job's last run, the schedule. */
export async function healthChecks(now = new Date()): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  try {
    await readTableOnce();
    results.push({
      name: 'Database',
      category: 'Infrastructure',
      status: 'pass',
      detail: `Table ${env().TABLE_NAME} answers`,
    });
  } catch (error) {
    results.push({
      name: 'Database',
      category: 'Infrastructure',
      status: 'fail',
      detail: `Failed to connect to database: ${message(error)}`,
    });
  }
  try {
    const poolId = await describeUserPool();
    results.push({
      name: 'Cognito',
      category: 'Infrastructure',
      status: 'pass',
      detail: `User pool ${poolId ?? env().USER_POOL_ID} answers`,
    });
  } catch (error) {
    results.push({
      name: 'Cognito',
      category: 'Infrastructure',
      status: 'fail',
      detail: `Failed to reach the user pool: ${message(error)}`,
    });
  }
  if (env().EMAIL_PROVIDER === 'disabled') {
    results.push({
      name: 'SES',
      category: 'Email',
      status: 'warning',
      detail: NOTICES.emailDisabled,
    });
  } else {
    const handshake = await sesHandshake();
    results.push({
      name: 'SES',
      category: 'Email',
      status: handshake.ok ? 'pass' : 'fail',
      detail: handshake.ok
        ? handshake.message.replace(/^PASS: /, '')
        : `SES configured but connection failed: ${handshake.message.replace(/^FAIL: /, '')}`,
    });
  }
  try {
    const [last] = await latestCronRuns(1, { realOnly: true, now });
    const ageHours = last ? (now.getTime() - Date.parse(last.ran_at)) / 3_600_000 : Infinity;
    results.push({
      name: 'Last reminder job run',
      category: 'Jobs',
      status: ageHours < LAST_RUN_FRESHNESS_HOURS && last?.status !== 'interrupted' ? 'pass' : 'warning',
      detail: last
        ? `Last run ${last.ran_at} (${ageHours.toFixed(1)} h ago) for ${last.date}: ${last.items_processed} sent, ${last.errors.length} errors` +
          (last.status === 'interrupted'
            ? `; interrupted: ${last.done} of ${last.queued} mails finished`
            : '')
        : 'The reminder job has not run yet',
    });
  } catch (error) {
    results.push({ name: 'Last reminder job run', category: 'Jobs', status: 'fail', detail: message(error) });
  }
  results.push({
    name: 'Scheduler',
    category: 'Jobs',
    status: env().SCHEDULE_NAME ? 'pass' : 'fail',
    detail: env().SCHEDULE_NAME
      ? `Every hour, on the hour; each owner mailed at 08:00 their time (${env().SCHEDULE_NAME})`
      : 'No schedule configured for the reminder job',
  });
  return results;
}

import { beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import type { CronRun, EmailLog, EmailSend } from '../../shared/api.ts';
import type { AdminStats, AuditEntry, CheckResult } from '../../shared/admin.ts';
import { useTestStack } from '../support/fixtures.ts';
import { api, createUser, liveInDaytime, mailsTo, type TestUser } from '../support/stack.ts';

const stack = useTestStack({ runScheduler: true });
let admin: TestUser;
let user: TestUser;

beforeAll(async () => {
  [admin, user] = await Promise.all([
    createUser(stack, { label: 'admin', admin: true }),
    createUser(stack, { label: 'regular' }),
  ]);
});

const inDays = (days: number) => DateTime.now().setZone('Europe/London').plus({ days }).toISODate()!;
const reminder = (renewal_date: string, category = 'insurance') => ({
  title: 'Cover',
  category,
  provider: 'Aviva',
  renewal_date,
  amount: null,
  notes: null,
});

describe('admin statistics', () => {
  it('counts users, reminders by due date and category, savings and countries from counters', async () => {
    const call = api(stack, admin.accessToken);
    const before = (await call('GET', '/api/admin/stats')).json as unknown as AdminStats;
    const mine = api(stack, user.accessToken);
    await mine('POST', '/api/reminders', reminder(inDays(3)));
    await mine('POST', '/api/reminders', reminder(inDays(20), 'mortgage'));
    await mine('POST', '/api/reminders', reminder(inDays(200), 'mortgage'));
    const overdue = (await mine('POST', '/api/reminders', reminder(inDays(-5)))).json as {
      reminder: { id: string };
    };
    await mine('POST', `/api/reminders/${overdue.reminder.id}/savings`, {
      outcome: 'saved',
      saved_amount: '150',
    });
    await mine('PUT', '/api/me', {
      first_name: 'R',
      last_name: '',
      country: 'FR',
      timezone: 'Europe/Paris',
      marketing_consent: false,
    });

    const after = (await call('GET', '/api/admin/stats')).json as unknown as AdminStats;
    expect(after.total_reminders - before.total_reminders).toBe(4);
    expect(after.past_due_reminders - before.past_due_reminders).toBe(1);
    expect(after.active_reminders - before.active_reminders).toBe(3);
    expect(after.reminders_due_7_days - before.reminders_due_7_days).toBe(1);
    expect(after.reminders_due_30_days - before.reminders_due_30_days).toBe(2);
    expect(after.total_savings - before.total_savings).toBe(150);
    expect(after.total_users).toBe(2);
    expect(after.new_users_7_days).toBe(2);
    expect(after.avg_savings_per_user).toBe(Math.round((after.total_savings / 2) * 100) / 100);
    expect(after.by_country).toEqual(
      expect.arrayContaining([
        { country: 'FR', user_count: 1 },
        { country: 'GB', user_count: 1 },
      ]),
    );
    expect(after.by_category.find((c) => c.category === 'mortgage')?.reminder_count).toBeGreaterThanOrEqual(
      2,
    );
  });
});

describe('admin tools', () => {
  it('simulates a date: sandbox logs and a cron run, no mail', async () => {
    const mine = api(stack, user.accessToken);
    const target = inDays(40);
    await mine('POST', '/api/reminders', reminder(DateTime.fromISO(target).plus({ days: 30 }).toISODate()!));
    const call = api(stack, admin.accessToken);
    const sim = await call('POST', '/api/admin/run-cron', { simulate: true, date: target });
    expect(sim.status).toBe(200);
    // This reminder's 30-day lead, and the lock-in day of the mortgage renewing in 200 days (added by
    // the statistics test: 6 months before it has passed by then, so it would go late).
    expect(sim.json).toMatchObject({ success: true, emailsSent: 2, processedDate: target, errors: [] });
    // Only the confirmation and welcome mails: the simulation sent nothing.
    expect(
      (await mailsTo(stack, user.email)).map((m) => m.subject).filter((s) => s.includes('renews')),
    ).toEqual([]);

    const logs = (await call('GET', '/api/admin/email-logs?limit=50')).json as { logs: EmailLog[] };
    const simulated = logs.logs.filter((l) => l.user_id === user.sub && l.simulated);
    expect(simulated.map((l) => l.email_type).sort()).toEqual(['reminder', 'window']);
    expect(simulated.find((l) => l.email_type === 'reminder')?.days_before).toBe(30);
    const runs = (await call('GET', '/api/admin/cron-runs?limit=14')).json as { runs: CronRun[] };
    expect(runs.runs[0]).toMatchObject({ date: target, simulated: true, trigger: 'manual' });
    expect((await call('POST', '/api/admin/run-cron', { simulate: true, date: '2026-02-30' })).status).toBe(
      400,
    );
  });

  it('runs the real job now, and a second run sends nothing more', async () => {
    // A real run sends what is due at this moment, at or after 08:00 in the owner's zone.
    const owner = await createUser(stack, { label: 'daytime' });
    const { today } = await liveInDaytime(stack, owner);
    const mine = api(stack, owner.accessToken);
    expect(
      (await mine('POST', '/api/reminders', reminder(today.plus({ days: 7 }).toISODate()!))).status,
    ).toBe(201);
    const call = api(stack, admin.accessToken);
    const first = await call('POST', '/api/admin/run-cron', { simulate: false });
    expect(first.json).toMatchObject({ success: true, emailsSent: null, processedDate: inDays(0) });
    expect((first.json as { emailsQueued: number }).emailsQueued).toBeGreaterThanOrEqual(1);
    // The senders send from the queue, and the run's record counts what went.
    await stack.sendPoller.idle();
    const runs = (await call('GET', '/api/admin/cron-runs?limit=1')).json as { runs: CronRun[] };
    expect(runs.runs[0]!.items_processed).toBe((first.json as { emailsQueued: number }).emailsQueued);
    const second = await call('POST', '/api/admin/run-cron', { simulate: false });
    expect(second.json).toMatchObject({ emailsQueued: 0 });
    const sends = (await call('GET', '/api/admin/email-sends?limit=10')).json as { sends: EmailSend[] };
    expect(sends.sends.some((s) => s.status === 'sent' && s.email_type === 'reminder')).toBe(true);
  });

  it('sends the test reminder to the admin only, and audits it', async () => {
    const call = api(stack, admin.accessToken);
    const sent = await call('POST', '/api/admin/test-email');
    expect(sent.status).toBe(200);
    const mails = await mailsTo(stack, admin.email);
    expect(mails.at(-1)?.subject).toMatch(/^\[Test\] Your Home Insurance with Aviva renews in 14 days/);
    const audit = (await call('GET', '/api/admin/audit')).json as { entries: AuditEntry[] };
    expect(audit.entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(['test_email', 'run_cron', 'simulate_cron']),
    );
    expect(audit.entries.every((e) => e.actor_id === admin.sub)).toBe(true);
    // The access token carries no address: the audit log names the admin from their profile.
    expect(audit.entries.every((e) => e.actor_email === admin.email)).toBe(true);
    expect((await api(stack, user.accessToken)('GET', '/api/admin/audit')).status).toBe(403);
  });

  it('answers the handshake and the health checks', async () => {
    const call = api(stack, admin.accessToken);
    const handshake = (await call('GET', '/api/admin/handshake')).json as { ok: boolean; message: string };
    expect(handshake.ok).toBe(true);
    expect(handshake.message).toMatch(/^PASS: /);
    const health = (await call('GET', '/api/admin/health')).json as { checks: CheckResult[] };
    const byName = Object.fromEntries(health.checks.map((c) => [c.name, c.status]));
    expect(byName).toMatchObject({
      Database: 'pass',
      Cognito: 'pass',
      SES: 'pass',
      Scheduler: 'pass',
      'Last reminder job run': 'pass',
    });
  });

  it('runs the system test with the security checks passing', async () => {
    const result = (await api(stack, admin.accessToken)('POST', '/api/admin/system-test', {})).json as {
      results: CheckResult[];
      summary: { passed: number; failed: number; warnings: number };
    };
    const security = result.results.filter((r) => r.category === 'Security');
    expect(security).toHaveLength(3);
    expect(security.every((r) => r.status === 'pass')).toBe(true);
    expect(result.summary.failed).toBe(0);
    // Without an address in the request, the admin's own, from the profile (not a token claim).
    expect(result.results.find((r) => r.name === 'Test address')).toMatchObject({
      status: 'pass',
      detail: `Mail to ${admin.email} can be sent`,
    });
    // The test reminder was removed again.
    const mine = (await api(stack, admin.accessToken)('GET', '/api/reminders')).json as {
      reminders: unknown[];
    };
    expect(mine.reminders).toHaveLength(0);
  });
});

/**
 * The reminder engine on the local stand-ins: the right mails on the right dates, once, in digests,
 * not to the unsubscribed, simulated, or with sending off. Its faults are in engine-faults.test.ts,
 * catch-up and time zones in engine-catch-up.test.ts, a killed sender in engine-kill.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { resetSendRateCache } from '../../lambdas/features/engine/planner.ts';
import { senderPacer } from '../../lambdas/features/engine/sender.ts';
import { formatLongUkDate } from '../../shared/dates.ts';
import { addDays } from '../../shared/reminder/schedule.ts';
import { sesClient, dynamo } from '../../lambdas/runtime/clients.ts';
import { resetEnvCache } from '../../lambdas/runtime/env.ts';
import { getProfile } from '../../lambdas/store/account/index.ts';
import { handler as sesEvents } from '../../lambdas/handlers/events/sesEvents.ts';
import { unsubscribeToken } from '../../lambdas/runtime/signingKey.ts';
import { keys } from '../../shared/table.ts';
import { seedUser } from '../support/seed.ts';
import { api } from '../support/stack.ts';
import { injectSesFaults, sesMiddlewareName, useEngineStack } from '../support/engine.ts';

const { stack, job, freshDate, seedUsers, seedReminder, seedReminders, mailsFor, expectOneMailEach } =
  useEngineStack();
// The test with sending off turns it on again for the rest.
afterEach(() => {
  process.env.EMAIL_PROVIDER = 'ses';
  resetEnvCache();
});

describe('the reminder job', () => {
  it('mails each due reminder once, with the details, a call to action and one-click unsubscribe', async () => {
    const today = freshDate();
    const ann = await seedUser('ann');
    const bob = await seedUser('bob');
    // A third owner for the follow-up: each of them has one mail due, so none gets a digest.
    const cat = await seedUser('cat');
    const mortgage = await seedReminder(ann.userId, 'mortgage', addDays(today, 90), 'Mortgage deal');
    // Added today: its 90-day mail (yesterday) is history, not a catch-up.
    await seedReminder(ann.userId, 'mortgage', addDays(today, 89), 'Not due', today);
    const subs = await seedReminder(bob.userId, 'subscriptions', today, 'Netflix');
    await seedReminder(bob.userId, 'subscriptions', addDays(today, 30), 'Not a subscriptions interval');
    const renewed = await seedReminder(cat.userId, 'insurance', addDays(today, -1), 'Car insurance');

    const run = await job({ date: today, trigger: 'cli' });
    expect(run.errors).toEqual([]);
    expect(run.items_processed).toBe(3);

    const mails = await mailsFor([ann.email, bob.email, cat.email]);
    expect(mails).toHaveLength(3);
    const mortgageMail = mails.find((m) => m.subject.includes('Mortgage deal'))!;
    expect(mortgageMail.subject).toContain('in 90 days');
    expect(mortgageMail.body.html).toContain('Start remortgaging');
    expect(mortgageMail.body.html).toContain('£250.00');
    expect(mortgageMail.body.text).toContain('Mortgage deal');
    expect(mortgageMail.body.text).toContain(formatLongUkDate(mortgage.renewal_date));
    const headers =
      (mortgageMail as unknown as { headers?: { name: string; value: string }[] }).headers ?? [];
    expect(headers.find((h) => h.name === 'List-Unsubscribe')?.value).toMatch(
      /^<http.*\/api\/unsubscribe\?token=.+>$/,
    );
    expect(headers.find((h) => h.name === 'List-Unsubscribe-Post')?.value).toBe('List-Unsubscribe=One-Click');
    // Marked automatic, so out-of-office replies stay away.
    for (const mail of mails) {
      const own = (mail as unknown as { headers?: { name: string; value: string }[] }).headers ?? [];
      expect(own.find((h) => h.name === 'Auto-Submitted')?.value).toBe('auto-generated');
    }

    expect(mails.find((m) => m.subject.includes('Netflix'))!.subject).toContain('renews today');
    expect(mails.find((m) => m.subject === 'How did you do with Car insurance?')!.body.html).toContain(
      `/savings/${renewed.id}`,
    );
    expect(run.mails.find((m) => m.reminderId === subs.id)?.status).toBe('sent');

    // The same date again: nothing new.
    const again = await job({ date: today, trigger: 'cli' });
    expect(again.items_processed).toBe(0);
    expect(await mailsFor([ann.email, bob.email, cat.email])).toHaveLength(3);
  });

  it('skips unsubscribed users and suppressed addresses', async () => {
    const today = freshDate();
    const quiet = await seedUser('quiet');
    const bounced = await seedUser('bounced');
    const normal = await seedUser('normal');
    await seedReminders([quiet, bounced, normal], 'utilities_energy', addDays(today, 30));

    const token = await unsubscribeToken(quiet.userId);
    expect((await api(stack)('POST', `/api/unsubscribe?token=${encodeURIComponent(token)}`)).status).toBe(
      200,
    );
    expect((await getProfile(quiet.userId))?.reminder_emails).toBe(false);
    expect(
      (await api(stack)('POST', `/api/unsubscribe?token=${encodeURIComponent(token + 'x')}`)).status,
    ).toBe(400);

    await sesEvents({
      'detail-type': 'Email Bounced',
      detail: {
        eventType: 'Bounce',
        bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: bounced.email }] },
      },
    });

    const run = await job({ date: today, trigger: 'cli' });
    expect(run.items_processed).toBe(1);
    expect(
      (await mailsFor([quiet.email, bounced.email, normal.email])).map((m) => m.destination.to[0]),
    ).toEqual([normal.email]);
  });

  it('sends one digest to a user with 3 mails due, with one record per mail; 3 mails with one e-mail per renewal', async () => {
    const today = freshDate();
    const [digest, separate] = await seedUsers('digest', 2);
    for (const u of [digest!, separate!]) {
      await seedReminder(u.userId, 'insurance', addDays(today, 7), 'Car cover');
      await seedReminder(u.userId, 'broadband_mobile', addDays(today, 14), 'Fibre');
      await seedReminder(u.userId, 'subscriptions', addDays(today, -1), 'Streaming');
    }
    await dynamo().send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: { pk: keys.user(separate!.userId), sk: keys.profile() },
        UpdateExpression: 'SET email_per_renewal = :on',
        ExpressionAttributeValues: { ':on': true },
      }),
    );

    const run = await job({ date: today, trigger: 'cli' });
    expect(run.errors).toEqual([]);
    expect(run.items_processed).toBe(6);
    const [one, ...none] = await mailsFor([digest!.email]);
    expect(none).toEqual([]);
    // The soonest renewal first, the follow-up last.
    expect(one!.subject).toBe('3 renewals to review: Car cover and 2 more');
    const text = one!.body.text ?? '';
    expect(text.indexOf('Car cover')).toBeLessThan(text.indexOf('Fibre'));
    expect(text.indexOf('Fibre')).toBeLessThan(text.indexOf('Streaming'));
    const body = one!.body.text ?? '';
    // Each renewal keeps its own days left, amount, call to action and link.
    expect(body).toMatch(/Car cover renews in 7 days/i);
    // Broadband is a contract that ends.
    expect(body).toMatch(/Fibre ends in 14 days/i);
    expect(body).toMatch(/How did you do with Streaming\?/i);
    expect(body).toContain('£250.00');
    // Each item links to its own page: the reminder, or the follow-up's answers.
    expect(body).toContain('/savings/');
    // The follow-up's answers ask about the renewal it was mailed for.
    expect(body).toMatch(/\/savings\/[0-9a-f-]{36}\?renewal=\d{4}-\d{2}-\d{2}&choice=switched/);
    expect(body.match(/\/reminders\/[0-9a-f-]{36}/g)).toHaveLength(2);
    // Records stay one per mail, all with the digest's SES message id.
    const { Items = [] } = await dynamo().send(
      new QueryCommand({
        TableName: stack.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :send)',
        ExpressionAttributeValues: { ':pk': keys.user(digest!.userId), ':send': keys.sendPrefix },
      }),
    );
    const sent = Items.filter((item) => item.status === 'sent');
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((item) => item.message_id)).size).toBe(1);
    expect(sent.map((item) => item.subject).sort()).toEqual([
      'How did you do with Streaming?',
      expect.stringContaining('Car cover'),
      expect.stringContaining('Fibre'),
    ]);

    const separateMails = await mailsFor([separate!.email]);
    expect(separateMails.map((m) => m.subject).sort()).toEqual([
      'How did you do with Streaming?',
      expect.stringContaining('Car cover'),
      expect.stringContaining('Fibre'),
    ]);
    // A second run sends nothing more to either.
    expect((await job({ date: today, trigger: 'cli' })).items_processed).toBe(0);
  });

  it('one digest per recipient and run, however many mails: 30 due go as one e-mail', async () => {
    const today = freshDate();
    const user = await seedUser('thirty');
    for (let n = 1; n <= 30; n++)
      await seedReminder(user.userId, 'subscriptions', addDays(today, 7), `Service ${n}`);
    const run = await job({ date: today, trigger: 'cli' });
    expect(run.items_processed).toBe(30);
    const [digest, ...more] = await mailsFor([user.email]);
    expect(more).toEqual([]);
    expect(digest!.subject).toMatch(/^30 renewals to review: Service \d+ and 29 more$/);
  });

  it('with EMAIL_PROVIDER=disabled sends nothing, says why, claims nothing, and counts only mails not yet sent', async () => {
    const today = freshDate();
    const u = await seedUser('disabled');
    const early = await seedUser('sentbefore');
    await seedReminder(u.userId, 'insurance', addDays(today, 1));
    // One of the day's mails went out before sending was turned off.
    await seedReminder(early.userId, 'insurance', addDays(today, 1));
    process.env.EMAIL_PROVIDER = 'ses';
    resetEnvCache();
    await injectSesFaults((_call, to) =>
      to === u.email ? Object.assign(new Error('Temporary failure'), { name: 'MessageRejected' }) : undefined,
    );
    expect((await job({ date: today, trigger: 'cli' })).items_processed).toBe(1);
    (await sesClient()).middlewareStack.remove(sesMiddlewareName);

    process.env.EMAIL_PROVIDER = 'disabled';
    resetEnvCache();
    const off = await job({ date: today, trigger: 'cli' });
    expect(off.items_processed).toBe(0);
    expect(off.errors).toEqual(['Email sending disabled (EMAIL_PROVIDER=disabled): 1 mails not sent']);
    // The mail sent earlier is not even planned again: the index has moved past it.
    expect(off.mails.map((m) => [m.userId, m.status])).toEqual([[u.userId, 'disabled']]);
    expect(await mailsFor([u.email])).toHaveLength(0);

    process.env.EMAIL_PROVIDER = 'ses';
    resetEnvCache();
    expect((await job({ date: today, trigger: 'cli' })).items_processed).toBe(1);
    await expectOneMailEach([u, early]);
  });

  it('simulates a date: logs what 08:00 would send, sends nothing, leaves the real run intact', async () => {
    const today = freshDate();
    const u = await seedUser('sim');
    await seedReminder(u.userId, 'credit_cards', addDays(today, 60));
    const sim = await job({ date: today, trigger: 'manual', simulate: true });
    expect(sim.simulated).toBe(true);
    expect(sim.items_processed).toBe(1);
    expect(await mailsFor([u.email])).toHaveLength(0);
    const logs = await dynamo().send(
      new QueryCommand({
        TableName: stack.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.emailLogs() },
        ScanIndexForward: false,
        Limit: 5,
      }),
    );
    expect(
      logs.Items?.some((l) => l.user_id === u.userId && l.simulated === true && l.days_before === 60),
    ).toBe(true);

    expect((await job({ date: today, trigger: 'cli' })).items_processed).toBe(1);
    expect(await mailsFor([u.email])).toHaveLength(1);
  });

  it('paces each sender at its share of the SES maximum rate from GetAccount', async () => {
    resetSendRateCache();
    // Two local senders (SENDER_CONCURRENCY=2) share the account's 200 mails/s.
    expect(process.env.SENDER_CONCURRENCY).toBe('2');
    expect((await senderPacer()).ratePerSecond).toBe(100);
  });
});

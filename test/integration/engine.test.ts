/**
 * The reminder engine on the local stand-ins: the right mails on the right dates, exactly once,
 * under re-runs, crashes, SES throttling and SES errors.
 */
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { DateTime } from 'luxon';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { JobCrash, resetSendRateCache, planRun } from '../../lambdas/engine/planner.ts';
import { senderPacer } from '../../lambdas/engine/sender.ts';
import { runJob, type JobOptions } from '../support/job.ts';
import { formatLongUkDate } from '../../shared/dates.ts';
import { addDays } from '../../shared/reminder/schedule.ts';
import { renewalAfter } from '../../shared/reminder/terms.ts';
import { sesClient, dynamo, sqsClient } from '../../lambdas/runtime/clients.ts';
import { resetEnvCache } from '../../lambdas/runtime/env.ts';
import { latestCronRuns } from '../../lambdas/store/cronRuns.ts';
import { getProfile } from '../../lambdas/store/profiles.ts';
import { createReminder, deleteReminder } from '../../lambdas/store/reminders.ts';
import { handler as sesEvents } from '../../lambdas/events/sesEvents.ts';
import { unsubscribeToken } from '../../lambdas/runtime/signingKey.ts';
import { keys } from '../../shared/table.ts';
import type { Category } from '../../shared/categories.ts';
import { useTestStack } from '../support/fixtures.ts';
import { seedUser } from '../support/seed.ts';
import { api, createUser, mailbox, type StoredMail } from '../support/stack.ts';

// A failed send message comes back after 4 s here (6 minutes on AWS), so redelivery is quick to see;
// still longer than a batch takes on a loaded machine, or a message still being sent would come back.
const stack = useTestStack({ maxSendRate: 200, sendQueueVisibilitySeconds: 4 });
/** A run as the schedule makes it: planned, queued, and sent by the local senders. */
const job = (options: JobOptions) => runJob(stack, options);

/** Each test works on its own far-future date, so tests never see each other's reminders. */
let dateCounter = 0;
function freshDate(): string {
  dateCounter += 1;
  return addDays('2040-01-01', dateCounter * 200);
}

/** `count` users named `{label}{i}`. */
function seedUsers(label: string, count: number) {
  return Promise.all(Array.from({ length: count }, (_, i) => seedUser(`${label}${i}`)));
}

/**
 * A reminder as its owner would add it. `createdOn` (a London date) sets the day its mails start
 * from; by default it is today's real date, so every mail of a far-future renewal is ahead of it.
 * Its action windows are off: these tests are about the lead mails (window-mails.test.ts has the
 * windows' own).
 */
async function seedReminder(
  userId: string,
  category: Category,
  renewalDate: string,
  title = 'Cover',
  createdOn?: string,
) {
  return createReminder(
    userId,
    {
      title,
      category,
      provider: 'Aviva',
      renewal_date: renewalDate,
      amount: 250,
      notes: null,
      action_windows: false,
    },
    createdOn ? new Date(`${createdOn}T12:00:00Z`) : undefined,
  );
}

/** One reminder of `category` renewing on `renewalDate` for each user. */
async function seedReminders(users: { userId: string }[], category: Category, renewalDate: string) {
  for (const u of users) await seedReminder(u.userId, category, renewalDate);
}

async function mailsFor(emails: string[]): Promise<StoredMail[]> {
  return (await mailbox(stack)).filter((m) => m.destination.to.some((to) => emails.includes(to)));
}

/** Every one of `users` has exactly one mail: none lost, none doubled. */
async function expectOneMailEach(users: { email: string }[]) {
  const mails = await mailsFor(users.map((u) => u.email));
  expect(mails).toHaveLength(users.length);
  expect(new Set(mails.map((m) => m.destination.to[0])).size).toBe(users.length);
}

const sesMiddlewareName = 'test-fault-injection';
const dynamoMiddlewareName = 'test-dynamo-fault-injection';
const sqsMiddlewareName = 'test-sqs-fault-injection';
afterEach(async () => {
  (await sesClient()).middlewareStack.remove(sesMiddlewareName);
  dynamo().middlewareStack.remove(dynamoMiddlewareName);
  (await sqsClient()).middlewareStack.remove(sqsMiddlewareName);
  process.env.EMAIL_PROVIDER = 'ses';
  resetEnvCache();
});

/** Makes SES SendEmail calls fail as `fail(callNumber, input)` decides. */
async function injectSesFaults(fail: (call: number, to: string) => Error | undefined) {
  let calls = 0;
  (await sesClient()).middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'SendEmailCommand') {
        calls += 1;
        const input = args.input as { Destination?: { ToAddresses?: string[] } };
        const error = fail(calls, input.Destination?.ToAddresses?.[0] ?? '');
        if (error) throw error;
      }
      return next(args);
    },
    { step: 'initialize', name: sesMiddlewareName },
  );
}

/**
 * The bookkeeping writes made after SES accepted a mail, told apart by what they write (at the
 * initialize step the document client's input is not yet marshalled; the command is the low-level one).
 */
type Bookkeeping = 'recordSent' | 'emailLog';
function bookkeepingOf(commandName: string, input: Record<string, unknown>): Bookkeeping | undefined {
  if (commandName !== 'TransactWriteItemsCommand') return undefined;
  const items = (input.TransactItems ?? []) as {
    Put?: { Item?: { entity?: string } };
    Update?: { ExpressionAttributeValues?: Record<string, unknown> };
  }[];
  // The one write that records a digest and its send records sent.
  if (items.some((i) => i.Update?.ExpressionAttributeValues?.[':sent'] === 'sent')) return 'recordSent';
  // The e-mail log rows are written with their pointers in the user's partition, as one transaction.
  if (items.some((i) => i.Put?.Item?.entity === 'email_log')) return 'emailLog';
  return undefined;
}

/** Makes the chosen bookkeeping writes fail with a DynamoDB throughput error (`times` each, or always). */
function injectDynamoFaults(failing: Bookkeeping[], times = Infinity) {
  const failures = new Map<Bookkeeping, number>();
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const kind = bookkeepingOf(context.commandName ?? '', args.input as Record<string, unknown>);
      if (kind && failing.includes(kind) && (failures.get(kind) ?? 0) < times) {
        failures.set(kind, (failures.get(kind) ?? 0) + 1);
        throw Object.assign(new Error('Throughput exceeds the current capacity'), {
          name: 'ProvisionedThroughputExceededException',
        });
      }
      return next(args);
    },
    { step: 'initialize', name: dynamoMiddlewareName },
  );
  return failures;
}

/** The send record (claim) of a user's only mail. */
async function onlySendOf(userId: string) {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: stack.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :send)',
      ExpressionAttributeValues: { ':pk': keys.user(userId), ':send': keys.sendPrefix },
    }),
  );
  // Earlier leads of the same renewal are settled as superseded; the claim is the one mail sent.
  const claims = Items.filter((item) => item.status !== 'superseded' && item.status !== 'missed');
  expect(claims).toHaveLength(1);
  return claims[0]!;
}

const throttle = () =>
  Object.assign(new Error('Maximum sending rate exceeded.'), { name: 'ThrottlingException' });

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

  it('a sender dies after claiming: the queue redelivers its batch and, after the lease, every mail goes once', async () => {
    const today = freshDate();
    const users = await seedUsers('crash', 12);
    await seedReminders(users, 'insurance', addDays(today, 7));
    const victim = users[5]!.userId;
    let crashes = 0;
    stack.sendPoller.overrides = {
      onClaimed: (message) => {
        if (message.userId === victim && crashes === 0) {
          crashes++;
          throw new JobCrash('sender died after claiming, before SES');
        }
      },
    };
    const planned = await planRun({ date: today, trigger: 'cli' });
    expect(planned.queued).toBe(12);
    await vi.waitFor(() => expect(crashes).toBe(1), { timeout: 10_000 });
    // Redelivered within the lease, the dead sender's claim still holds: that message keeps coming back.
    await vi.waitFor(
      () => expect(stack.sendPoller.takeNotes().some((n) => n.status === 'already pending')).toBe(true),
      { timeout: 20_000 },
    );
    expect((await mailsFor(users.map((u) => u.email))).length).toBe(11);
    // After the lease the redelivery takes the abandoned claim over, and the last mail goes.
    const later = new Date(Date.now() + 3 * 60 * 1000);
    stack.sendPoller.overrides = { now: () => later };
    await stack.sendPoller.idle();
    stack.sendPoller.overrides = {};
    await expectOneMailEach(users);
    // The crashed batch came back whole: its messages that had finished are not counted twice.
    const run = (await latestCronRuns(20)).find((r) => r.id === planned.id)!;
    expect({ done: run.done, sent: run.items_processed }).toEqual({ done: 12, sent: 12 });
    // A later run finds nothing left to send.
    expect((await job({ date: today, trigger: 'cli' })).items_processed).toBe(0);
    await expectOneMailEach(users);
  });

  it('the planner’s messages are refused by SQS part-way: those mails are recorded, stay open, and the next run sends them once', async () => {
    const today = freshDate();
    const users = await seedUsers('sqsfault', 14);
    await seedReminders(users, 'insurance', addDays(today, 7));
    // The second SendMessageBatch (users 11 to 14) fails on every attempt.
    let batches = 0;
    (await sqsClient()).middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'SendMessageBatchCommand' && ++batches > 1) {
          throw Object.assign(new Error('Service unavailable'), { name: 'ServiceUnavailable' });
        }
        return next(args);
      },
      { step: 'initialize', name: sqsMiddlewareName },
    );
    const first = await job({ date: today, trigger: 'cli' });
    (await sqsClient()).middlewareStack.remove(sqsMiddlewareName);
    expect(first.queued).toBe(10);
    expect(first.items_processed).toBe(10);
    expect(first.errors).toEqual([expect.stringMatching(/^4 mails not queued, left for the next run/)]);
    expect((await mailsFor(users.map((u) => u.email))).length).toBe(10);

    const second = await job({ date: today, trigger: 'cli' });
    expect(second.items_processed).toBe(4);
    await expectOneMailEach(users);
  });

  it('two planners at the same time: every mail goes once', async () => {
    const today = freshDate();
    const users = await seedUsers('twin', 10);
    await seedReminders(users, 'utilities_energy', addDays(today, 7));
    const [a, b] = await Promise.all([
      planRun({ date: today, trigger: 'cli' }),
      planRun({ date: today, trigger: 'cli' }),
    ]);
    // Both may queue a mail; the claims let only one of its messages send it.
    expect(a.queued + b.queued).toBeGreaterThanOrEqual(10);
    await stack.sendPoller.idle();
    await expectOneMailEach(users);
  });

  it('rides out SES throttling without losing or doubling a mail', async () => {
    const today = freshDate();
    const users = await seedUsers('throttle', 8);
    await seedReminders(users, 'broadband_mobile', addDays(today, 14));
    await injectSesFaults((call) => (call % 3 === 1 ? throttle() : undefined));

    const run = await job({ date: today, trigger: 'cli' });
    expect(run.errors).toEqual([]);
    await expectOneMailEach(users);
  });

  it("keeps going when one user's mail fails, records the error, and retries only that one", async () => {
    const today = freshDate();
    const good = await seedUsers('good', 4);
    const bad = await seedUser('bad');
    await seedReminders([...good, bad], 'car_tax_mot', addDays(today, 14));
    await injectSesFaults((_call, to) =>
      to === bad.email
        ? Object.assign(new Error('Address is not valid'), { name: 'MessageRejected' })
        : undefined,
    );

    const first = await job({ date: today, trigger: 'cli' });
    expect(first.items_processed).toBe(4);
    expect(first.errors).toHaveLength(1);
    expect(first.errors[0]).toContain('Address is not valid');
    expect(first.errors[0]).not.toContain(bad.email);

    (await sesClient()).middlewareStack.remove(sesMiddlewareName);
    const second = await job({ date: today, trigger: 'cli' });
    expect(second.items_processed).toBe(1);
    const mails = await mailsFor([...good, bad].map((u) => u.email));
    expect(mails).toHaveLength(5);
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

  describe('once SES has accepted a mail, no bookkeeping failure sends it again', () => {
    /** Runs the job now, again at once, and again after the claim lease: one mail in all. */
    async function runTwiceMoreAndExpectOneMail(today: string, user: { email: string }) {
      await job({ date: today, trigger: 'cli' });
      await job({ date: today, trigger: 'cli' });
      const afterLease = new Date(Date.now() + 3 * 60 * 1000);
      await job({ date: today, trigger: 'cli', now: () => afterLease });
      await expectOneMailEach([user]);
    }

    it('recording it as sent keeps failing: SES’s Send event records it, and no later run resends', async () => {
      const today = freshDate();
      const user = await seedUser('marksent');
      await seedReminder(user.userId, 'insurance', addDays(today, 7));
      const failures = injectDynamoFaults(['recordSent']);

      const run = await job({ date: today, trigger: 'cli' });
      // The sender tried five times; the mail counts as sent, its claim is still pending.
      expect(failures.get('recordSent')).toBeGreaterThanOrEqual(5);
      expect(run.items_processed).toBe(1);
      expect(run.errors).toEqual([]);
      expect((await onlySendOf(user.userId)).status).toBe('pending');

      // SES published a Send event tagged with the digest; its delivery is retried until it records it.
      dynamo().middlewareStack.remove(dynamoMiddlewareName);
      await vi.waitFor(async () => expect((await onlySendOf(user.userId)).status).toBe('sent'), {
        timeout: 12_000,
        interval: 200,
      });
      expect((await onlySendOf(user.userId)).message_id).toEqual(expect.any(String));

      await runTwiceMoreAndExpectOneMail(today, user);
    });

    it('the e-mail log write keeps failing: the mail is sent and recorded, and never sent again', async () => {
      const today = freshDate();
      const user = await seedUser('emaillog');
      await seedReminder(user.userId, 'subscriptions', addDays(today, 7));
      const failures = injectDynamoFaults(['emailLog']);

      const run = await job({ date: today, trigger: 'cli' });
      expect(failures.get('emailLog')).toBe(5);
      expect(run.items_processed).toBe(1);
      expect((await onlySendOf(user.userId)).status).toBe('sent');

      await runTwiceMoreAndExpectOneMail(today, user);
    });

    it('a write that fails once is retried: the mail ends sent and logged', async () => {
      const today = freshDate();
      const user = await seedUser('transient');
      await seedReminder(user.userId, 'car_tax_mot', addDays(today, 14));
      const failures = injectDynamoFaults(['recordSent', 'emailLog'], 1);

      const run = await job({ date: today, trigger: 'cli' });
      expect(failures.get('recordSent')).toBe(1);
      expect(failures.get('emailLog')).toBe(1);
      expect(run.items_processed).toBe(1);
      const claim = await onlySendOf(user.userId);
      expect(claim).toMatchObject({ status: 'sent', message_id: expect.any(String) });
      await runTwiceMoreAndExpectOneMail(today, user);
    });
  });

  describe('never missed: catch-up, supersession, 08:00 in each owner’s zone', () => {
    /** Each send record of the user's (one renewal): its lead days (null: the follow-up) and status. */
    async function statusesOf(userId: string): Promise<Record<string, string>> {
      const { Items = [] } = await dynamo().send(
        new QueryCommand({
          TableName: stack.tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :send)',
          ExpressionAttributeValues: { ':pk': keys.user(userId), ':send': keys.sendPrefix },
        }),
      );
      return Object.fromEntries(Items.map((i) => [String(i.days_before), String(i.status)]));
    }

    /** The subjects of the mails `user` received, oldest first. */
    const subjectsOf = async (user: { email: string }) =>
      (await mailsFor([user.email])).map((m) => m.subject);

    it('a day with no run: the next run sends that day’s mail once, late, with the true days left', async () => {
      const today = freshDate();
      const user = await seedUser('skipped');
      // Insurance renewing in 15 days, added today: the 14-day mail is due tomorrow.
      await seedReminder(user.userId, 'insurance', addDays(today, 15), 'Home cover', today);
      expect((await job({ date: today, trigger: 'cli' })).items_processed).toBe(0);
      // No run tomorrow; the day after, the 14-day mail goes, saying 13 days.
      const late = await job({ date: addDays(today, 2), trigger: 'cli' });
      expect(late).toMatchObject({ items_processed: 1, late: 1, superseded: 0 });
      expect(await subjectsOf(user)).toEqual([expect.stringContaining('in 13 days')]);
      // The runs after it send nothing more until the 7-day mail.
      for (const day of [3, 4, 5, 6, 7]) {
        expect((await job({ date: addDays(today, day), trigger: 'cli' })).items_processed).toBe(0);
      }
      expect((await job({ date: addDays(today, 8), trigger: 'cli' })).items_processed).toBe(1);
      expect(await subjectsOf(user)).toHaveLength(2);
    });

    it('three runs skipped in a row: only the most recent lead goes, the older ones are superseded', async () => {
      const today = freshDate();
      const user = await seedUser('gap');
      // Mortgage leads 90, 60, 30, 14, 7, 0 days before; added 95 days ahead of the renewal.
      const renewal = addDays(today, 95);
      const reminder = await seedReminder(user.userId, 'mortgage', renewal, 'Fixed rate', today);
      // Nothing runs until 25 days before the renewal: the 90-, 60- and 30-day mails were all due.
      const run = await job({ date: addDays(renewal, -25), trigger: 'cli' });
      expect(run).toMatchObject({ items_processed: 1, late: 1, superseded: 2 });
      expect(await subjectsOf(user)).toEqual([expect.stringContaining('in 25 days')]);
      expect(await statusesOf(user.userId)).toEqual({ 90: 'superseded', 60: 'superseded', 30: 'sent' });
      expect(reminder.id).toBeTruthy();
    });

    /** A quarterly subscription renewing tomorrow, added today, its first term mailed and unanswered. */
    async function quarterlyFirstTermMailed(label: string) {
      const today = freshDate();
      const user = await seedUser(label);
      const renewal = addDays(today, 1);
      const reminder = await createReminder(
        user.userId,
        {
          title: 'Spotify',
          category: 'subscriptions',
          provider: 'Spotify',
          renewal_date: renewal,
          amount: 11.99,
          notes: null,
          repeats: 'quarterly',
        },
        new Date(`${today}T12:00:00Z`),
      );
      // 'renews in 1 day', 'renews today', then 'How did you do?', left unanswered.
      for (const day of [0, 1, 2]) await job({ date: addDays(today, day), trigger: 'cli' });
      expect(await subjectsOf(user)).toHaveLength(3);
      // It would roll on for ever, into the later tests' runs: deleted when the test ends.
      onTestFinished(() => deleteReminder(user.userId, reminder.id).then(() => undefined));
      return { user, renewal };
    }

    it('a roll forward after a gap keeps the catch-up rule for the new term', async () => {
      const { user, renewal } = await quarterlyFirstTermMailed('rollgap');
      const next = renewalAfter(renewal, 'quarterly', 1)!;
      // No run until 5 days before the next renewal: the roll is due, and so are the new term's
      // 14- and 7-day mails. The 7-day one goes late, the 14-day one is recorded superseded.
      const run = await job({ date: addDays(next, -5), trigger: 'cli' });
      expect(run).toMatchObject({ rolled: 1, items_processed: 1, late: 1, superseded: 1, missed: 0 });
      expect((await subjectsOf(user)).at(-1)).toContain('in 5 days');
      expect(await statusesOf(user.userId)).toMatchObject({ 14: 'superseded', 7: 'sent' });
    });

    it('after a longer gap the roll skips the renewal nobody was reminded of: no “How did you do?” about it', async () => {
      const { user, renewal } = await quarterlyFirstTermMailed('rolllong');
      const next = renewalAfter(renewal, 'quarterly', 1)!;
      // The next run comes 3 days after the next renewal: it rolls on to the one after.
      const run = await job({ date: addDays(next, 3), trigger: 'cli' });
      expect(run).toMatchObject({ rolled: 1, items_processed: 0 });
      expect(await subjectsOf(user)).toHaveLength(3);
      const [item] = (
        await dynamo().send(
          new QueryCommand({
            TableName: stack.tableName,
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :r)',
            ExpressionAttributeValues: { ':pk': keys.user(user.userId), ':r': keys.reminderPrefix },
          }),
        )
      ).Items!;
      expect(item!.renewal_date).toBe(renewalAfter(renewal, 'quarterly', 2));
    });

    it('SES refuses a mail on one day and accepts it the next: one mail, sent the next day', async () => {
      const today = freshDate();
      const user = await seedUser('refused');
      await seedReminder(user.userId, 'subscriptions', addDays(today, 7), 'Spotify', today);
      await injectSesFaults(() =>
        Object.assign(new Error('Service unavailable'), { name: 'MessageRejected' }),
      );
      const refused = await job({ date: today, trigger: 'cli' });
      expect(refused.items_processed).toBe(0);
      expect(refused.errors).toHaveLength(1);
      (await sesClient()).middlewareStack.remove(sesMiddlewareName);

      const next = await job({ date: addDays(today, 1), trigger: 'cli' });
      expect(next).toMatchObject({ items_processed: 1, late: 1 });
      expect(await subjectsOf(user)).toEqual([expect.stringContaining('in 6 days')]);
      expect((await job({ date: addDays(today, 2), trigger: 'cli' })).items_processed).toBe(0);
    });

    it('SES refuses a mail on three runs: it is failed for good then, and no later run tries it', async () => {
      const today = freshDate();
      const user = await seedUser('refusedthrice');
      await seedReminder(user.userId, 'subscriptions', addDays(today, 7), 'Gym', today);
      await injectSesFaults(() =>
        Object.assign(new Error('Address blacklisted'), { name: 'MessageRejected' }),
      );
      const statuses: string[] = [];
      for (let day = 0; day < 4; day++) {
        const run = await job({ date: addDays(today, day), trigger: 'cli' });
        statuses.push(...run.mails.filter((m) => m.userId === user.userId).map((m) => m.status));
      }
      // Two refusals a later run retries, the third final; the fourth run has nothing to send.
      expect(statuses).toEqual(['failed', 'failed', 'failed for good']);
      expect(await subjectsOf(user)).toEqual([]);
    });

    it('a renewal that passed unmailed is recorded as missed, and its follow-up still goes', async () => {
      const today = freshDate();
      const user = await seedUser('missed');
      await seedReminder(user.userId, 'car_tax_mot', addDays(today, 3), 'MOT', today);
      // No run at all until two days after the renewal.
      const run = await job({ date: addDays(today, 5), trigger: 'cli' });
      expect(run.items_processed).toBe(1);
      expect(await subjectsOf(user)).toEqual(['How did you do with MOT?']);
      expect(await statusesOf(user.userId)).toEqual({ 0: 'missed', null: 'sent' });
      // Well past the follow-up's fortnight, a fresh reminder's follow-up is missed too.
      const late = await seedUser('toolate');
      await seedReminder(late.userId, 'car_tax_mot', addDays(today, 3), 'Tax', addDays(today, 3));
      await job({ date: addDays(today, 30), trigger: 'cli' });
      expect(await mailsFor([late.email])).toHaveLength(0);
      expect(await statusesOf(late.userId)).toEqual({ 0: 'missed', null: 'missed' });
    });

    it('goes at the first run at or after 08:00 in the owner’s own zone, and follows a change of zone', async () => {
      const today = freshDate();
      const account = await createUser(stack, { label: 'mover' });
      const user = { userId: account.sub, email: account.email };
      await seedReminder(user.userId, 'subscriptions', addDays(today, 14), 'Gym', today);
      const run = (iso: string) => job({ trigger: 'cli', now: () => new Date(iso) });
      // London in winter or summer: 08:00 local is 08:00 or 07:00 UTC. Hourly runs before it send nothing.
      const eightLondon = DateTime.fromISO(`${today}T08:00`, { zone: 'Europe/London' }).toUTC();
      expect((await run(eightLondon.minus({ hours: 1 }).toISO()!)).items_processed).toBe(0);
      expect((await run(eightLondon.toISO()!)).items_processed).toBe(1);

      // Moving to Los Angeles: the 7-day mail now goes at 08:00 there, eight hours after 08:00 London.
      const moved = await api(stack, account.accessToken)('PUT', '/api/me', {
        first_name: 'Mover',
        last_name: '',
        country: 'GB',
        timezone: 'America/Los_Angeles',
        marketing_consent: false,
      });
      expect(moved.status).toBe(200);
      const eightLa = DateTime.fromISO(`${addDays(today, 7)}T08:00`, { zone: 'America/Los_Angeles' }).toUTC();
      expect((await run(eightLa.minus({ minutes: 1 }).toISO()!)).items_processed).toBe(0);
      expect((await run(eightLa.toISO()!)).items_processed).toBe(1);
      // (The account's own sign-up mails aside.)
      expect((await subjectsOf(user)).filter((subject) => subject.includes('Gym'))).toEqual([
        expect.stringContaining('in 14 days'),
        expect.stringContaining('in 7 days'),
      ]);
    });
  });

  it('paces each sender at its share of the SES maximum rate from GetAccount', async () => {
    resetSendRateCache();
    // Two local senders (SENDER_CONCURRENCY=2) share the account's 200 mails/s.
    expect(process.env.SENDER_CONCURRENCY).toBe('2');
    expect((await senderPacer()).ratePerSecond).toBe(100);
  });
});

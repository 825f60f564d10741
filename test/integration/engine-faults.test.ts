/**
 * The reminder engine under faults, on the local stand-ins: a sender that dies after claiming, SQS
 * refusing the planner part-way, two planners at once, SES throttling and errors, and bookkeeping
 * writes that fail after SES accepted a mail. Every mail goes once.
 */
import { describe, expect, it, vi } from 'vitest';
import { JobCrash, planRun } from '../../lambdas/features/engine/planner.ts';
import { addDays } from '../../shared/reminder/schedule.ts';
import { sesClient, dynamo, sqsClient } from '../../lambdas/runtime/clients.ts';
import { latestCronRuns } from '../../lambdas/store/sending/index.ts';
import { seedUser } from '../support/seed.ts';
import {
  dynamoMiddlewareName,
  injectDynamoFaults,
  injectSesFaults,
  sqsMiddlewareName,
  throttle,
  useEngineStack,
} from '../support/engine.ts';
import { sesMiddlewareName } from '../support/engine.ts';

const {
  stack,
  job,
  freshDate,
  seedUsers,
  seedReminder,
  seedReminders,
  mailsFor,
  expectOneMailEach,
  onlySendOf,
} = useEngineStack();

describe('the reminder job, under faults', () => {
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
});

/**
 * The reminder job under a real crash: the sender runs in a process of its own, as a Lambda
 * container does, and is killed with SIGKILL mid-digest (after its claim, or after SES accepted
 * it), restarted, and run again: no mail twice, none lost. Then deletion, one-click unsubscribe and
 * a hard bounce while a run is under way: the digest re-checks just before SES and sends nothing.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { planRun } from '../../lambdas/features/engine/planner.ts';
import { handler as sesEvents } from '../../lambdas/handlers/events/sesEvents.ts';
import { dynamo } from '../../lambdas/runtime/clients.ts';
import { unsubscribeToken } from '../../lambdas/runtime/signingKey.ts';
import { latestCronRuns } from '../../lambdas/store/sending/index.ts';
import { addDays } from '../../shared/reminder/schedule.ts';
import { keys } from '../../shared/table.ts';
import { useTestStack } from '../support/fixtures.ts';
import { farFutureDates, seedLeadsOnly, seedUser } from '../support/seed.ts';
import { api, createUser, mailbox, type StoredMail } from '../support/stack.ts';
import type { SenderProcessConfig, SenderProcessMessage } from '../support/senderProcess.ts';

// No senders in this process: the test forks its own. A failed message comes back after 2 s.
const stack = useTestStack({ maxSendRate: 200, senders: 0, sendQueueVisibilitySeconds: 2 });
const LEASE_PASSED_MS = 3 * 60 * 1000;

const freshDate = farFutureDates('2045-01-01');

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** Forks a sender process; `stopped` resolves with the first recipient it stops for. */
function startSender(config: Omit<SenderProcessConfig, 'queueUrl'> = {}) {
  // The child inherits this process's environment: the stack's, as its functions have it.
  const child = fork(
    path.join(import.meta.dirname, '../support/senderProcess.ts'),
    [JSON.stringify({ ...config, queueUrl: stack.sendQueueUrl })],
    { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
  );
  children.push(child);
  const stoppedFor: string[] = [];
  child.on('message', (message: SenderProcessMessage) => {
    if ('stopped' in message) stoppedFor.push(message.stopped);
  });
  return {
    child,
    stoppedFor,
    kill: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
    resume: (userId: string) => child.send({ resume: userId }),
  };
}

// The lead mails' path; a window mail takes the same claims (window-mails.test.ts).
const seedReminder = (userId: string, renewal: string, title: string) =>
  seedLeadsOnly(userId, title, renewal);

/** The reminder mails to `email` (an account made through sign-up also has its account mails). */
async function mailsTo(email: string): Promise<StoredMail[]> {
  return (await mailbox(stack)).filter(
    (m) => m.destination.to.includes(email) && /cover|Policy|renewals to review/.test(m.subject),
  );
}

/** The send records of the mails the run sent or held (the older leads it superseded left out). */
async function sendStatuses(userId: string) {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: stack.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :send)',
      ExpressionAttributeValues: { ':pk': keys.user(userId), ':send': keys.sendPrefix },
    }),
  );
  return Items.filter((item) => item.status !== 'superseded');
}

/** A run for `today` in which `digestUser` has five mails due and each of `others` one. */
async function seedRun(today: string, others: number) {
  const digestUser = await seedUser('digest');
  for (const n of [1, 2, 3, 4, 5]) await seedReminder(digestUser.userId, addDays(today, 7), `Policy ${n}`);
  const singles = await Promise.all(Array.from({ length: others }, (_, i) => seedUser(`single${i}`)));
  for (const u of singles) await seedReminder(u.userId, addDays(today, 14), 'Home cover');
  return { digestUser, singles };
}

/** Every user has exactly the mails expected of them, once the queue is drained. */
async function expectExactly(expected: { email: string; count: number }[]) {
  await vi.waitFor(
    async () => {
      for (const { email, count } of expected) expect(await mailsTo(email)).toHaveLength(count);
    },
    { timeout: 20_000, interval: 250 },
  );
  await stack.sendPoller.idle();
  for (const { email, count } of expected) expect(await mailsTo(email)).toHaveLength(count);
}

describe('a sender killed mid-digest', () => {
  for (const seam of ['onClaimed', 'onAccepted'] as const) {
    it(`${seam === 'onClaimed' ? 'after its claim, before SES' : 'after SES accepted, before recording it'}: restarted, every mail goes once and none is lost`, async () => {
      const today = freshDate();
      const { digestUser, singles } = await seedRun(today, 4);
      const planned = await planRun({ date: today, trigger: 'cli' });
      expect(planned.queued).toBe(9);

      const first = startSender({ stopAt: seam, stopFor: [digestUser.userId] });
      await vi.waitFor(() => expect(first.stoppedFor).toEqual([digestUser.userId]), { timeout: 20_000 });
      await first.kill();
      if (seam === 'onAccepted') {
        // SES accepted the digest: its Send event (published by the stand-in, as SES does to
        // EventBridge) records it sent although the sender died before it could.
        await vi.waitFor(
          async () =>
            expect((await sendStatuses(digestUser.userId)).map((r) => r.status)).toEqual(
              Array(5).fill('sent'),
            ),
          { timeout: 10_000 },
        );
      } else {
        expect((await sendStatuses(digestUser.userId)).map((r) => r.status)).toEqual(
          Array(5).fill('pending'),
        );
        expect(await mailsTo(digestUser.email)).toHaveLength(0);
      }

      // Restarted after the claim's lease: the redelivered message finishes the run.
      startSender({ clockOffsetMs: LEASE_PASSED_MS });
      await expectExactly([
        { email: digestUser.email, count: 1 },
        ...singles.map((u) => ({ email: u.email, count: 1 })),
      ]);
      const [digest] = await mailsTo(digestUser.email);
      expect(digest!.subject).toMatch(/^5 renewals to review: Policy [1-5] and 4 more$/);
      const records = await sendStatuses(digestUser.userId);
      expect(records.map((r) => r.status)).toEqual(Array(5).fill('sent'));
      expect(new Set(records.map((r) => r.message_id)).size).toBe(1);

      // A later run finds nothing to send.
      const again = await planRun({ date: today, trigger: 'cli' });
      expect(again.queued).toBe(0);
      const run = (await latestCronRuns(20)).find((r) => r.id === planned.id)!;
      expect(run.done).toBe(run.queued);
    });
  }

  it('a crashed run whose messages are lost reads Interrupted, not Success, once it should have finished', async () => {
    const today = freshDate();
    await seedRun(today, 2);
    const planned = await planRun({ date: today, trigger: 'cli' });
    // The stack died with its queue: nothing was sent and nothing will be.
    const { PurgeQueueCommand } = await import('@aws-sdk/client-sqs');
    const { sqsClient } = await import('../../lambdas/runtime/clients.ts');
    await (await sqsClient()).send(new PurgeQueueCommand({ QueueUrl: stack.sendQueueUrl }));
    const record = (await latestCronRuns(20)).find((r) => r.id === planned.id)!;
    expect(record.status).toBe('running');
    const later = await latestCronRuns(20, { now: new Date(Date.now() + 2 * 60 * 60 * 1000) });
    expect(later.find((r) => r.id === planned.id)!.status).toBe('interrupted');
  });
});

describe('changes made while a run is under way', () => {
  it('an account deleted, an unsubscribe and a hard bounce after the sender read them: nothing goes to them', async () => {
    const today = freshDate();
    const deleted = await createUser(stack, { label: 'midrun-deleted' });
    const unsubscribed = await seedUser('midrun-unsub');
    const bounced = await seedUser('midrun-bounce');
    const kept = await seedUser('midrun-kept');
    for (const userId of [deleted.sub, unsubscribed.userId, bounced.userId, kept.userId]) {
      await seedReminder(userId, addDays(today, 7), 'Car cover');
      await seedReminder(userId, addDays(today, 14), 'Home cover');
    }
    const victims = [deleted.sub, unsubscribed.userId, bounced.userId];
    await planRun({ date: today, trigger: 'cli' });

    // The sender has read each victim's profile and reminders, and stops before claiming.
    const sender = startSender({ stopAt: 'beforeClaim', stopFor: victims });
    await vi.waitFor(() => expect([...sender.stoppedFor].sort()).toEqual([...victims].sort()), {
      timeout: 20_000,
    });

    expect((await api(stack, deleted.accessToken)('DELETE', '/api/me')).status).toBe(204);
    const token = await unsubscribeToken(unsubscribed.userId);
    expect((await api(stack)('POST', `/api/unsubscribe?token=${encodeURIComponent(token)}`)).status).toBe(
      200,
    );
    await sesEvents({
      'detail-type': 'Email Bounced',
      detail: {
        eventType: 'Bounce',
        bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: bounced.email }] },
      },
    });
    for (const userId of victims) sender.resume(userId);

    await expectExactly([{ email: kept.email, count: 1 }]);
    for (const email of [deleted.email, unsubscribed.email, bounced.email])
      expect(await mailsTo(email)).toEqual([]);
    // Nothing was claimed for them; the next run settles the unsubscribed and bounced mails as skipped.
    for (const userId of [unsubscribed.userId, bounced.userId])
      expect(await sendStatuses(userId)).toEqual([]);
    const next = await planRun({ date: today, trigger: 'cli' });
    expect(next.queued).toBe(0);
    expect(next.skipped).toBe(4);
    for (const userId of [unsubscribed.userId, bounced.userId]) {
      expect((await sendStatuses(userId)).map((r) => r.status)).toEqual(['skipped', 'skipped']);
    }
    // Settled, so the run after that plans them no more.
    expect((await planRun({ date: today, trigger: 'cli' })).planned).toBe(0);
  });
});

describe('the DynamoDB stand-in’s transactions, as DynamoDB’s', () => {
  const put = (sk: string) => ({ Put: { TableName: stack.tableName, Item: { pk: 'TXN_TEST', sk } } });

  it('refuses two operations on one item, and more than 100 items, writing nothing', async () => {
    const { TransactWriteCommand, GetCommand } = await import('@aws-sdk/lib-dynamodb');
    await expect(
      dynamo().send(new TransactWriteCommand({ TransactItems: [put('a'), put('a')] })),
    ).rejects.toMatchObject({
      name: 'ValidationException',
    });
    const many = Array.from({ length: 101 }, (_, i) => put(`m${i}`));
    await expect(dynamo().send(new TransactWriteCommand({ TransactItems: many }))).rejects.toMatchObject({
      name: 'ValidationException',
    });
    const left = await dynamo().send(
      new GetCommand({ TableName: stack.tableName, Key: { pk: 'TXN_TEST', sk: 'm0' } }),
    );
    expect(left.Item).toBeUndefined();
    // 100 distinct items are one transaction.
    await dynamo().send(new TransactWriteCommand({ TransactItems: many.slice(0, 100) }));
    const written = await dynamo().send(
      new GetCommand({ TableName: stack.tableName, Key: { pk: 'TXN_TEST', sk: 'm99' } }),
    );
    expect(written.Item).toBeDefined();
  });
});

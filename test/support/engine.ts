/**
 * The reminder engine's integration files share this kit: one stack per file with a quick
 * redelivery, a run as the schedule makes it, reminders seeded on far-future dates (so tests never see
 * each other's), the mailbox read per recipient, and SES, DynamoDB and SQS faults injected through
 * the clients' middleware (removed after each test).
 */
import { afterEach, expect } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, sesClient, sqsClient } from '../../lambdas/runtime/clients.ts';
import { keys } from '../../shared/table.ts';
import type { Category } from '../../shared/reminder/categories.ts';
import { useTestStack } from './fixtures.ts';
import { runJob, type JobOptions } from './job.ts';
import { farFutureDates, seedReminder as seedOne, seedUser } from './seed.ts';
import { mailbox, type StoredMail, type TestStack } from './stack.ts';

export const sesMiddlewareName = 'test-fault-injection';
export const dynamoMiddlewareName = 'test-dynamo-fault-injection';
export const sqsMiddlewareName = 'test-sqs-fault-injection';

/** Makes SES SendEmail calls fail as `fail(callNumber, input)` decides. */
export async function injectSesFaults(fail: (call: number, to: string) => Error | undefined) {
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
export type Bookkeeping = 'recordSent' | 'emailLog';
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
export function injectDynamoFaults(failing: Bookkeeping[], times = Infinity) {
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

export const throttle = () =>
  Object.assign(new Error('Maximum sending rate exceeded.'), { name: 'ThrottlingException' });

/**
 * The file's stack (a failed send message comes back after 4 s here, 6 minutes on AWS, so
 * redelivery is quick to see; still longer than a batch takes on a loaded machine, or a message still
 * being sent would come back) and the helpers that read and seed it.
 */
export function useEngineStack() {
  const stack: TestStack = useTestStack({ maxSendRate: 200, sendQueueVisibilitySeconds: 4 });
  afterEach(async () => {
    (await sesClient()).middlewareStack.remove(sesMiddlewareName);
    dynamo().middlewareStack.remove(dynamoMiddlewareName);
    (await sqsClient()).middlewareStack.remove(sqsMiddlewareName);
  });

  /** Each test works on its own far-future date, so tests never see each other's reminders. */
  const freshDate = farFutureDates('2040-01-01');

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
    return seedOne(
      userId,
      { title, category, provider: 'Aviva', renewal_date: renewalDate, amount: 250, action_windows: false },
      createdOn,
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

  /** The send records of a user's renewals (claims and settled leads). */
  async function sendsOf(userId: string) {
    const { Items = [] } = await dynamo().send(
      new QueryCommand({
        TableName: stack.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :send)',
        ExpressionAttributeValues: { ':pk': keys.user(userId), ':send': keys.sendPrefix },
      }),
    );
    return Items;
  }

  /** The send record (claim) of a user's only mail. */
  async function onlySendOf(userId: string) {
    // Earlier leads of the same renewal are settled as superseded; the claim is the one mail sent.
    const claims = (await sendsOf(userId)).filter(
      (item) => item.status !== 'superseded' && item.status !== 'missed',
    );
    expect(claims).toHaveLength(1);
    return claims[0]!;
  }

  return {
    stack,
    /** A run as the schedule makes it: planned, queued, and sent by the local senders. */
    job: (options: JobOptions) => runJob(stack, options),
    freshDate,
    seedUsers,
    seedReminder,
    seedReminders,
    mailsFor,
    expectOneMailEach,
    sendsOf,
    onlySendOf,
  };
}

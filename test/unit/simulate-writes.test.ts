/**
 * The simulation's bulk writes when DynamoDB leaves part of a BatchWrite unprocessed: what is left
 * is sent again with back-off until every row is written, a few calls at a time; when DynamoDB keeps
 * refusing, the simulation fails with an error rather than report rows it never wrote.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DynamoDBDocumentClient,
  type BatchWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { simulateMails } from '../../lambdas/features/engine/simulate.ts';
import type { Addressed } from '../../lambdas/features/engine/due.ts';
import { composeReminderMail, reminderMailSubject } from '../../lambdas/mail/registry.ts';
import { batchWriteAll, type WriteRequest } from '../../lambdas/runtime/batch.ts';
import { resetClients } from '../../lambdas/runtime/clients.ts';
import { resetEnvCache } from '../../lambdas/runtime/env.ts';
import { resetKeyringCache } from '../../lambdas/runtime/signingKey.ts';
import { UnfinishedBatchError } from '../../lambdas/runtime/retry.ts';
import type { Profile } from '../../shared/api.ts';
import { keys } from '../../shared/table.ts';
import { oneOffContract } from '../../lambdas/store/reminders/index.ts';

const TABLE = 'unit';
const ddb = mockClient(DynamoDBDocumentClient);

type Request = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];
const requestsOf = (input: BatchWriteCommandInput): Request[] => input.RequestItems?.[TABLE] ?? [];
const sortKeyOf = (request: Request) => String(request.PutRequest?.Item?.sk);

beforeEach(() => {
  process.env.TABLE_NAME = TABLE;
  resetEnvCache();
  resetClients();
});
afterEach(() => ddb.reset());

/** Answers each BatchWrite by leaving its last `left` requests unprocessed, `times` times in all. */
function leaveSomeUnprocessed(left: number, times: number) {
  const written: string[] = [];
  let refusals = 0;
  let inFlight = 0;
  let mostInFlight = 0;
  ddb.on(BatchWriteCommand).callsFake(async (input: BatchWriteCommandInput) => {
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 5));
    inFlight -= 1;
    const requests = requestsOf(input);
    expect(requests.length).toBeLessThanOrEqual(25);
    const refuse = refusals < times ? Math.min(left, requests.length) : 0;
    if (refuse > 0) refusals += 1;
    const done = requests.slice(0, requests.length - refuse);
    written.push(...done.map(sortKeyOf));
    return refuse > 0 ? { UnprocessedItems: { [TABLE]: requests.slice(-refuse) } } : {};
  });
  return { written, mostInFlight: () => mostInFlight, refusals: () => refusals };
}

const puts = (n: number): WriteRequest[] =>
  Array.from({ length: n }, (_, i) => ({ PutRequest: { Item: { pk: 'P', sk: `item-${i}` } } }));

describe('batchWriteAll', () => {
  it('retries what DynamoDB leaves unprocessed until every item is written once, 25 per call', async () => {
    const mock = leaveSomeUnprocessed(7, 5);
    await batchWriteAll(puts(110), { concurrency: 3, maxRounds: 6 });
    expect(mock.refusals()).toBe(5);
    expect(mock.written.sort()).toEqual(Array.from({ length: 110 }, (_, i) => `item-${i}`).sort());
    expect(mock.mostInFlight()).toBeLessThanOrEqual(3);
    expect(mock.mostInFlight()).toBeGreaterThan(1);
  });

  it('fails with the count still unprocessed when DynamoDB keeps refusing', async () => {
    leaveSomeUnprocessed(4, Infinity);
    const error = await batchWriteAll(puts(30), { maxRounds: 3 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnfinishedBatchError);
    expect((error as UnfinishedBatchError).remaining).toBe(4);
    // Three calls for the first batch of 25 (the failure stops the lane), none for the rest.
    expect(ddb.commandCalls(BatchWriteCommand)).toHaveLength(3);
  });

  it('passes on an error DynamoDB answers with', async () => {
    ddb.on(BatchWriteCommand).rejects(new Error('ProvisionedThroughputExceededException'));
    await expect(batchWriteAll(puts(3))).rejects.toThrow('ProvisionedThroughputExceededException');
  });
});

const profile = (n: number): Profile =>
  ({
    user_id: `user-${n}`,
    email: `user${n}@example.com`,
    first_name: 'Ann',
    timezone: 'Europe/London',
    reminder_emails: true,
  }) as Profile;

const due = (n: number): Addressed => {
  const reminderId = `reminder-${n}`;
  return {
    profile: profile(n % 4),
    mail: {
      type: 'reminder',
      userId: `user-${n % 4}`,
      reminderId,
      renewalDate: '2027-01-15',
      daysBefore: 7,
      actBy: null,
      date: '2027-01-08',
      dedupeKey: `reminder#${reminderId}#2027-01-15#7`,
      reminder: {
        id: reminderId,
        user_id: `user-${n % 4}`,
        title: `Home insurance ${n}`,
        category: 'insurance',
        provider: 'Acme',
        renewal_date: '2027-01-15',
        ...oneOffContract('2027-01-15'),
        amount: null,
        notes: null,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
        not_before: '2026-01-01',
      },
      daysLeft: 7,
      late: false,
    },
  };
};

/** Every owner's profile still exists (the check after the writes). */
function profilesExist() {
  ddb.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: object[] }> }) => ({
    Responses: { [TABLE]: input.RequestItems[TABLE]!.Keys },
  }));
}

describe('simulateMails', () => {
  it('writes three rows per mail (send record, log entry, its pointer) despite unprocessed items', async () => {
    profilesExist();
    const mock = leaveSomeUnprocessed(10, 4);
    const result = await simulateMails(
      Array.from({ length: 40 }, (_, n) => due(n)),
      () => new Date('2027-01-08T08:00:00.000Z'),
    );
    expect(result.sent).toBe(40);
    expect(mock.written).toHaveLength(120);
    expect(new Set(mock.written).size).toBe(120);
    expect(mock.written.filter((sk) => sk.startsWith(keys.send('unclaimed#')))).toHaveLength(40);
    expect(mock.written.filter((sk) => sk.startsWith('REF#'))).toHaveLength(40);
  });

  it('fails with an error when rows stay unprocessed: no result counts them as written', async () => {
    profilesExist();
    const { refusals } = leaveSomeUnprocessed(1, Infinity);
    // The back-off's waits (seconds in all) pass on fake timers, at once.
    vi.useFakeTimers();
    try {
      const run = simulateMails(
        Array.from({ length: 10 }, (_, n) => due(n)),
        () => new Date(),
      );
      run.catch(() => undefined);
      await vi.runAllTimersAsync();
      await expect(run).rejects.toBeInstanceOf(UnfinishedBatchError);
    } finally {
      vi.useRealTimers();
    }
    // It did keep trying, with back-off, before giving up.
    expect(refusals()).toBeGreaterThan(1);
  });
});

describe('the mail registry', () => {
  afterEach(() => {
    delete process.env.UNSUBSCRIBE_SECRET;
    resetKeyringCache();
  });

  it('gives each mail the subject its single mail carries, without rendering it', async () => {
    process.env.UNSUBSCRIBE_SECRET = 'unit-test-unsubscribe-key';
    resetEnvCache();
    resetKeyringCache();
    const one = due(1).mail as Extract<Addressed['mail'], { type: 'reminder' }>;
    const today: Addressed = { ...due(1), mail: { ...one, daysBefore: 0, daysLeft: 0 } };
    const late: Addressed = { ...due(2), mail: { ...due(2).mail, daysLeft: 1, late: true } };
    const { daysBefore: _days, ...three } = due(3).mail;
    const followUp: Addressed = {
      ...due(3),
      mail: {
        ...three,
        type: 'savings',
        daysBefore: null,
        actBy: null,
        daysLeft: null,
        dedupeKey: 'savings#r3#2027-01-15',
      },
    };
    for (const { mail, profile } of [due(0), today, late, followUp]) {
      expect(reminderMailSubject(mail)).toBe((await composeReminderMail(profile, [mail])).subject);
    }
    expect(reminderMailSubject(followUp.mail)).toBe('How did you do with Home insurance 3?');
  });
});

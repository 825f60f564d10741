/**
 * The counters cannot hurt a user's write: a counter update that fails is retried, applied once,
 * logged, and never turns a stored write into an error; counter names come only from closed lists;
 * the global counters are spread over shards that the reader sums.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { mockClient } from 'aws-sdk-client-mock';
import { ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lambdas/runtime/clients.ts';
import { logger } from '../../lambdas/runtime/logger.ts';
import { getItem, queryAll, tableName } from '../../lambdas/store/db.ts';
import {
  addToCounters,
  applyCounters,
  mergeCounterUpdates,
  readCounters,
  UnknownCounterError,
} from '../../lambdas/store/counters.ts';
import { adminStatistics } from '../../lambdas/store/admin/index.ts';
import { COUNTRY_CODES } from '../../shared/locales.ts';
import { COUNTERS, KNOWN_COUNTERS, keys, STATS_SHARDS, TABLE_KEYS } from '../../shared/table.ts';
import { useTestStack } from '../support/fixtures.ts';
import { addReminder, api, createUser, type TestUser } from '../support/stack.ts';

const stack = useTestStack();

const reminder = {
  title: 'Car insurance',
  category: 'insurance',
  provider: 'Aviva',
  renewal_date: '2033-03-09',
  amount: 420,
  notes: null,
};
const settings = {
  first_name: 'Sam',
  last_name: 'Jones',
  country: 'GB',
  timezone: 'Europe/London',
  marketing_consent: false,
};

/** The counter items a request may touch: the STATS, DUE_COUNTS and SIGNUPS_BY_DAY partitions. */
const COUNTER_PARTITIONS = new Set([keys.stats(), keys.dueCounts(), keys.signupsByDay()]);

function touchesCounters(command: { input: unknown }): boolean {
  const input = command.input as {
    Key?: Record<string, unknown>;
    TransactItems?: { Update?: { Key?: Record<string, unknown> } }[];
  };
  const keysOf = input.TransactItems ? input.TransactItems.map((t) => t.Update?.Key) : [input.Key];
  return keysOf.some((key) => COUNTER_PARTITIONS.has(String(key?.[TABLE_KEYS.partitionKey])));
}

/**
 * Fault injection: the first `failures` writes to counter items answer
 * ProvisionedThroughputExceededException (DynamoDB refused them, nothing applied); everything else
 * goes to the local DynamoDB as usual.
 */
function failCounterWrites(failures: number) {
  const client = dynamo();
  // The client's own send, called for everything not failed on purpose.
  const realSend = (
    Object.getPrototypeOf(client) as { send: (this: DynamoDBDocumentClient, c: unknown) => Promise<never> }
  ).send;
  const mock = mockClient(client);
  let failed = 0;
  mock.send.callsFake((command) => {
    const write = command.constructor.name !== QueryCommand.name && command.constructor.name !== 'GetCommand';
    if (write && touchesCounters(command) && failed < failures) {
      failed += 1;
      return Promise.reject(
        new ProvisionedThroughputExceededException({ message: 'Rate exceeded (injected)', $metadata: {} }),
      );
    }
    return realSend.call(client, command);
  });
  return { mock, failed: () => failed };
}

let owner: TestUser;
beforeAll(async () => {
  owner = await createUser(stack, { label: 'counters' });
});

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
  vi.restoreAllMocks();
});

function inject(failures: number) {
  const fault = failCounterWrites(failures);
  restore = () => fault.mock.restore();
  const warn = vi.spyOn(logger, 'warn');
  const error = vi.spyOn(logger, 'error');
  return { ...fault, warn, error };
}

const counterLog = (spy: { mock: { calls: unknown[][] } }, message: string) =>
  spy.mock.calls.filter(([m]) => typeof m === 'string' && m.startsWith(message));

describe('a failing counter update', () => {
  it('POST /api/reminders: retried, applied once, logged; the reminder is stored and answered 201', async () => {
    const before = await readCounters();
    const dueBefore = await getItem(keys.dueCounts(), '2033-03');
    const fault = inject(2);
    const response = await api(stack, owner.accessToken)('POST', '/api/reminders', reminder);
    expect(response.status).toBe(201);
    expect(fault.failed()).toBe(2);
    expect(counterLog(fault.warn, 'Counter update failed; retrying')).toHaveLength(2);
    expect(counterLog(fault.error, 'Counter update failed')).toHaveLength(0);
    // Every attempt of the transaction carries the same token, so DynamoDB applies it at most once.
    const tokens = fault.mock.send
      .getCalls()
      .map(
        (call) =>
          call.args[0] as {
            constructor: { name: string };
            input: { ClientRequestToken?: string; TransactItems?: { Update?: { Key?: { pk?: string } } }[] };
          },
      )
      // The counters' transactions (the reminder's own write is a transaction too, on USER#).
      .filter(
        (command) =>
          command.constructor.name === 'TransactWriteCommand' &&
          (command.input.TransactItems ?? []).some((item) => item.Update?.Key?.pk === keys.stats()),
      )
      .map((command) => command.input.ClientRequestToken);
    expect(tokens).toHaveLength(3);
    expect(new Set(tokens).size).toBe(1);
    restore?.();
    const id = (response.json as { reminder: { id: string } }).reminder.id;
    expect(await getItem(keys.user(owner.sub), keys.reminder(id))).toBeDefined();
    const after = await readCounters();
    expect(after.reminders).toBe((before.reminders ?? 0) + 1);
    expect(after.category_insurance).toBe((before.category_insurance ?? 0) + 1);
    const dueAfter = await getItem(keys.dueCounts(), '2033-03');
    expect(dueAfter?.d09).toBe(Number(dueBefore?.d09 ?? 0) + 1);
  });

  it('POST /api/reminders: when every attempt fails, still 201 and stored, the error logged with the deltas', async () => {
    const before = await readCounters();
    const fault = inject(Infinity);
    const response = await api(stack, owner.accessToken)('POST', '/api/reminders', reminder);
    expect(response.status).toBe(201);
    const errors = counterLog(fault.error, 'Counter update failed; the counted write stands');
    expect(errors).toHaveLength(1);
    expect(JSON.stringify(errors[0])).toContain(COUNTERS.category('insurance'));
    restore?.();
    const id = (response.json as { reminder: { id: string } }).reminder.id;
    expect(await getItem(keys.user(owner.sub), keys.reminder(id))).toBeDefined();
    // Nothing half-applied: neither the totals nor the category moved.
    const after = await readCounters();
    expect(after.reminders).toBe(before.reminders);
    expect(after.category_insurance).toBe(before.category_insurance);
  });

  it('POST savings: retried, applied once, logged; the outcome is stored and answered 201', async () => {
    const id = await addReminder(stack, owner, reminder);
    const before = await readCounters();
    const fault = inject(3);
    const response = await api(stack, owner.accessToken)('POST', `/api/reminders/${id}/savings`, {
      outcome: 'saved',
      saved_amount: '12.34',
    });
    expect(response.status).toBe(201);
    expect(fault.failed()).toBe(3);
    expect(counterLog(fault.warn, 'Counter update failed; retrying')).toHaveLength(3);
    restore?.();
    const stored = await queryAll({ pk: keys.user(owner.sub), sk: { beginsWith: keys.savingPrefix } });
    expect(stored.some((item) => item.reminder_id === id)).toBe(true);
    const after = await readCounters();
    expect(after.savings_reports).toBe((before.savings_reports ?? 0) + 1);
    expect(after.savings_total_pence).toBe((before.savings_total_pence ?? 0) + 1234);
  });

  it('POST savings on a monthly bill: the saving is per month, counted and totalled per year', async () => {
    const id = await addReminder(stack, owner, {
      ...reminder,
      category: 'subscriptions',
      repeats: 'monthly',
    });
    const before = await readCounters();
    const read = async () =>
      ((await api(stack, owner.accessToken)('GET', '/api/savings')).json as { total: number }).total;
    const totalBefore = await read();
    const response = await api(stack, owner.accessToken)('POST', `/api/reminders/${id}/savings`, {
      outcome: 'saved',
      saved_amount: '3',
    });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ savings: { saved_amount: 3, billing: 'monthly' } });
    const after = await readCounters();
    expect(after.savings_total_pence).toBe((before.savings_total_pence ?? 0) + 3600);
    expect(Math.round(((await read()) - totalBefore) * 100)).toBe(3600);
  });

  it('PUT /api/me: retried, applied once, logged; the profile is saved and answered 200', async () => {
    const user = await createUser(stack, { label: 'countrymove' });
    const before = await readCounters();
    const fault = inject(1);
    const response = await api(stack, user.accessToken)('PUT', '/api/me', { ...settings, country: 'FR' });
    expect(response.status).toBe(200);
    expect(fault.failed()).toBe(1);
    expect(counterLog(fault.warn, 'Counter update failed; retrying')).toHaveLength(1);
    restore?.();
    expect((await getItem(keys.user(user.sub), keys.profile()))?.country).toBe('FR');
    const after = await readCounters();
    expect(after.country_FR).toBe((before.country_FR ?? 0) + 1);
    expect(after.country_GB).toBe((before.country_GB ?? 0) - 1);
  });

  it('PUT /api/me: when every attempt fails, still 200 and saved, and the error is logged', async () => {
    const user = await createUser(stack, { label: 'countryfail' });
    const before = await readCounters();
    const fault = inject(Infinity);
    const response = await api(stack, user.accessToken)('PUT', '/api/me', { ...settings, country: 'IT' });
    expect(response.status).toBe(200);
    expect(counterLog(fault.error, 'Counter update failed; the counted write stands')).toHaveLength(1);
    restore?.();
    expect((await getItem(keys.user(user.sub), keys.profile()))?.country).toBe('IT');
    const after = await readCounters();
    expect(after.country_IT).toBe(before.country_IT);
    expect(after.country_GB).toBe(before.country_GB);
  });
});

describe('counter names', () => {
  it('refuses a name outside the closed lists before writing anything, and logs it', async () => {
    expect(() =>
      mergeCounterUpdates([{ key: { pk: 'STATS', sk: 'GLOBAL#0' }, deltas: { country_ZZ: 1 } }]),
    ).toThrow(UnknownCounterError);
    const polluted = JSON.parse('{"__proto__": 1}') as Record<string, number>;
    expect(() => mergeCounterUpdates([{ key: { pk: 'STATS', sk: 'GLOBAL#0' }, deltas: polluted }])).toThrow(
      UnknownCounterError,
    );
    const error = vi.spyOn(logger, 'error');
    const before = await readCounters();
    await applyCounters('test', [
      {
        key: { pk: keys.stats(), sk: keys.statsShard(0) },
        deltas: { [COUNTERS.users]: 1, 'country_<script>': 1 },
      },
    ]);
    expect(counterLog(error, 'Counter update failed')).toHaveLength(1);
    expect((await readCounters()).users).toBe(before.users);
  });

  it('PUT /api/me with many country values never adds an attribute outside the known counters', async () => {
    const user = await createUser(stack, { label: 'countries' });
    const call = api(stack, user.accessToken);
    const listed = new Set<string>(COUNTRY_CODES);
    const country = fc.oneof(
      fc.constantFrom(...COUNTRY_CODES),
      fc.constantFrom(...COUNTRY_CODES).map((c) => ` ${c.toLowerCase()}`),
      fc.constantFrom('XX', 'ZZ', 'country_GB', '__proto__', 'constructor', 'GB\u0000', 'G', 'GBR', '😀'),
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
    );
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(country, async (value) => {
        sent += 1;
        const response = await call('PUT', '/api/me', { ...settings, country: value });
        expect(response.status).toBe(listed.has(value.trim()) ? 200 : 400);
      }),
      { numRuns: 60 },
    );
    expect(sent).toBe(60);
    for (const partition of COUNTER_PARTITIONS) {
      for (const item of await queryAll({ pk: partition })) {
        const names = Object.keys(item).filter(
          (name) => name !== TABLE_KEYS.partitionKey && name !== TABLE_KEYS.sortKey,
        );
        expect(names.filter((name) => !KNOWN_COUNTERS.has(name))).toEqual([]);
      }
    }
  });
});

describe('shards', () => {
  it('sums every shard (and an older unsharded item) and ignores attributes that are not counters', async () => {
    const before = await readCounters();
    const statsBefore = await adminStatistics();
    await addToCounters(
      Array.from({ length: STATS_SHARDS }, (_, shard) => ({
        key: { pk: keys.stats(), sk: keys.statsShard(shard) },
        deltas: { [COUNTERS.users]: shard + 1, [COUNTERS.category('broadband_mobile')]: 2 },
      })),
    );
    // An item from before the shards, holding the kind of attribute the review found.
    const legacy = (await getItem(keys.stats(), keys.statsLegacyGlobal())) ?? {
      [TABLE_KEYS.partitionKey]: keys.stats(),
      [TABLE_KEYS.sortKey]: keys.statsLegacyGlobal(),
    };
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...legacy, users: Number(legacy.users ?? 0) + 100, 'country_<b>x</b>': 7 },
      }),
    );
    const after = await readCounters();
    const shardsTotal = (STATS_SHARDS * (STATS_SHARDS + 1)) / 2;
    expect(after.users).toBe((before.users ?? 0) + shardsTotal + 100);
    expect(after.category_broadband_mobile).toBe((before.category_broadband_mobile ?? 0) + 2 * STATS_SHARDS);
    expect(Object.keys(after).filter((name) => !KNOWN_COUNTERS.has(name))).toEqual([]);

    const stats = await adminStatistics();
    expect(stats.total_users).toBe(statsBefore.total_users + shardsTotal + 100);
    expect(stats.by_country.map((c) => c.country)).not.toContain('<b>x</b>');
    const broadband = (s: typeof stats) =>
      s.by_category.find((c) => c.category === 'broadband_mobile')?.reminder_count ?? 0;
    expect(broadband(stats)).toBe(broadband(statsBefore) + 2 * STATS_SHARDS);
  });
});

import { randomInt, randomUUID } from 'node:crypto';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DateTime } from 'luxon';
import type { AdminStats } from '../../shared/admin.ts';
import { CATEGORIES } from '../../shared/reminder/categories.ts';
import { UK_ZONE } from '../../shared/dates.ts';
import {
  COUNTERS,
  countryCounter,
  KNOWN_COUNTERS,
  keys,
  STATS_SHARDS,
  TABLE_KEYS,
} from '../../shared/table.ts';
import { dynamo } from '../runtime/clients.ts';
import { logger } from '../runtime/logger.ts';
import { retrying } from '../runtime/retry.ts';
import { getItem, itemKey, queryAll, queryPage, tableName } from './db.ts';
import { parseNumbers } from './items.ts';

export interface ItemKey {
  pk: string;
  sk: string;
}

/** Deltas for the counters of one item. */
export interface CounterUpdate {
  key: ItemKey;
  deltas: Record<string, number>;
}

/** A global counters shard, picked at random per write so no one item takes every write. */
export const globalShard = (): ItemKey => ({
  pk: keys.stats(),
  sk: keys.statsShard(randomInt(STATS_SHARDS)),
});

/** A counter name outside KNOWN_COUNTERS: a programming error, as every name is from a closed list. */
export class UnknownCounterError extends Error {
  constructor(readonly names: string[]) {
    super(`Unknown counter names: ${names.join(', ')}`);
  }
}

/** Same-item updates merged and zero deltas dropped; throws UnknownCounterError before any write. */
export function mergeCounterUpdates(updates: CounterUpdate[]): CounterUpdate[] {
  const merged = new Map<string, CounterUpdate>();
  for (const { key, deltas } of updates) {
    const id = `${key.pk}\u0000${key.sk}`;
    // No prototype, so no name (not even __proto__) can slip past the check below.
    const into = merged.get(id) ?? { key, deltas: Object.create(null) as Record<string, number> };
    for (const [name, delta] of Object.entries(deltas)) into.deltas[name] = (into.deltas[name] ?? 0) + delta;
    merged.set(id, into);
  }
  const unknown = [...merged.values()].flatMap((u) =>
    Object.keys(u.deltas).filter((n) => !KNOWN_COUNTERS.has(n)),
  );
  if (unknown.length > 0) throw new UnknownCounterError(unknown);
  return [...merged.values()]
    .map(({ key, deltas }) => ({
      key,
      deltas: Object.fromEntries(Object.entries(deltas).filter(([, d]) => d !== 0)),
    }))
    .filter((u) => Object.keys(u.deltas).length > 0);
}

/** The UpdateItem of one item's deltas: one atomic ADD, attribute names only through placeholders. */
function addExpression({ key, deltas }: CounterUpdate) {
  const names: Record<string, string> = {};
  const values: Record<string, number> = {};
  const parts = Object.entries(deltas).map(([name, delta], i) => {
    names[`#c${i}`] = name;
    values[`:d${i}`] = delta;
    return `#c${i} :d${i}`;
  });
  return {
    TableName: tableName(),
    Key: itemKey(key.pk, key.sk),
    UpdateExpression: `ADD ${parts.join(', ')}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

const errorName = (error: unknown) => (error instanceof Error ? error.name : '');

/** Cancellation reasons worth another try; a validation failure would fail the same way again. */
const PASSING_REASONS = new Set([
  'None',
  'ThrottlingError',
  'TransactionConflict',
  'ProvisionedThroughputExceeded',
]);

function transient(error: unknown, retryable: Set<string>): boolean {
  const name = errorName(error);
  if (name !== 'TransactionCanceledException') return retryable.has(name);
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.every((reason) => PASSING_REASONS.has(reason.Code ?? 'None'));
}

/** Whether to retry after `error`, logging each failed attempt that will be retried. */
const retryWhen = (retryable: Set<string>) => (error: unknown) => {
  const retry = transient(error, retryable);
  if (retry) logger.warn('Counter update failed; retrying', { error: errorName(error) });
  return retry;
};

/** Errors after which the write certainly did not happen (or, in a transaction, is idempotent). */
const RETRYABLE = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'TransactionConflictException',
  'TransactionInProgressException',
]);
/** A transaction, retried with its token, may also be retried after an ambiguous server error. */
const RETRYABLE_IN_TRANSACTION = new Set([...RETRYABLE, 'InternalServerError', 'ServiceUnavailable']);

/** Retries: 50 ms doubled per attempt, at most 1 s, 5 attempts in all (well inside a Lambda's time). */
export const COUNTER_RETRY = { retries: 4, baseMs: 50, maxMs: 1000 } as const;

/** One item's deltas as a plain UpdateItem, retried only when DynamoDB certainly refused it. */
async function updateOne(update: CounterUpdate): Promise<void> {
  await retrying(() => dynamo().send(new UpdateCommand(addExpression(update))), {
    ...COUNTER_RETRY,
    retryOn: retryWhen(RETRYABLE),
  });
}

/**
 * Writes a request's counter deltas all or nothing and at most once: one TransactWriteItems (even
 * for one item) whose ClientRequestToken stays the same across retries, ours and the SDK's, so
 * DynamoDB applies it once however often it is sent, even after an ambiguous error. The local
 * stand-in (dynalite) has no transactions: there, and only there, the items are written one by one.
 */
async function writeCounters(updates: CounterUpdate[]): Promise<void> {
  // TransactWriteItems takes 100 items; more (account deletion) go in chunks, each all or nothing.
  for (let i = 0; i < updates.length; i += 100) {
    const chunk = updates.slice(i, i + 100);
    const token = randomUUID();
    try {
      await retrying(
        () =>
          dynamo().send(
            new TransactWriteCommand({
              ClientRequestToken: token,
              TransactItems: chunk.map((u) => ({ Update: addExpression(u) })),
            }),
          ),
        { ...COUNTER_RETRY, retryOn: retryWhen(RETRYABLE_IN_TRANSACTION) },
      );
    } catch (error) {
      if (errorName(error) !== 'UnknownOperationException') throw error;
      for (const update of chunk) await updateOne(update);
    }
  }
}

/** Merges, checks and writes counter updates (all or nothing, retried); throws when they fail. */
export async function addToCounters(updates: CounterUpdate[]): Promise<void> {
  const merged = mergeCounterUpdates(updates);
  if (merged.length > 0) await writeCounters(merged);
}

/**
 * Applies one request's counter deltas after the write they count has happened. Never throws: a
 * counter that cannot be updated must not turn a stored write into an error (the client would
 * retry and write twice), so the failure is logged with the deltas that were not applied, which is
 * what an operator needs to correct the counters. Unknown counter names refuse the whole batch.
 */
export async function applyCounters(reason: string, updates: CounterUpdate[]): Promise<void> {
  try {
    await addToCounters(updates);
  } catch (error) {
    logger.error('Counter update failed; the counted write stands', {
      reason,
      counters: updates,
      error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
    });
  }
}

/**
 * The global counters: the STATS partition (the shards, the sign-up ordinal, and the unsharded
 * GLOBAL item of older tables) in one Query of a handful of items, summed over known names only.
 */
export async function readCounters(): Promise<Record<string, number>> {
  const items = await queryAll({ pk: keys.stats() });
  const sums: Record<string, number> = {};
  for (const item of items) {
    for (const [name, value] of Object.entries(parseNumbers(item))) {
      if (KNOWN_COUNTERS.has(name)) sums[name] = (sums[name] ?? 0) + value;
    }
  }
  return sums;
}

/** The counter updates for a reminder entering (+1) or leaving (-1): totals, category, date. */
export function reminderCounters(
  reminder: { category: Parameters<typeof COUNTERS.category>[0]; renewal_date: string },
  sign: 1 | -1,
  shard: ItemKey = globalShard(),
): CounterUpdate[] {
  return [
    { key: shard, deltas: { [COUNTERS.reminders]: sign, [COUNTERS.category(reminder.category)]: sign } },
    {
      key: { pk: keys.dueCounts(), sk: keys.dueCountsMonth(reminder.renewal_date) },
      deltas: { [COUNTERS.dueDay(reminder.renewal_date)]: sign },
    },
  ];
}

/** The counter updates for a user whose country moves (a stored value off the list is skipped). */
export function countryCounters(from: string | undefined, to: string | undefined, shard = globalShard()) {
  const deltas: Record<string, number> = {};
  const fromName = from === undefined ? undefined : countryCounter(from);
  const toName = to === undefined ? undefined : countryCounter(to);
  if (fromName) deltas[fromName] = -1;
  if (toName) deltas[toName] = (deltas[toName] ?? 0) + 1;
  return [{ key: shard, deltas }];
}

/**
 * Takes the next founding-member ordinal: `signups` on its own item, so the number each sign-up
 * gets is exact (sign-ups are rare, so one item is no hot spot). Undefined when it cannot be taken.
 */
export async function takeSignupOrdinal(): Promise<number | undefined> {
  try {
    const { Attributes } = await retrying(
      () =>
        dynamo().send(
          new UpdateCommand({
            ...addExpression({
              key: { pk: keys.stats(), sk: keys.statsSignups() },
              deltas: { [COUNTERS.signups]: 1 },
            }),
            ReturnValues: 'UPDATED_NEW',
          }),
        ),
      { ...COUNTER_RETRY, retryOn: retryWhen(RETRYABLE) },
    );
    const taken = parseNumbers(Attributes)[COUNTERS.signups];
    // Tables from before the shards counted sign-ups on STATS/GLOBAL: those places are taken too.
    const legacy = parseNumbers(await getItem(keys.stats(), keys.statsLegacyGlobal()))[COUNTERS.signups] ?? 0;
    return taken === undefined ? undefined : taken + legacy;
  } catch (error) {
    logger.error('Sign-up ordinal not taken', {
      error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
    });
    return undefined;
  }
}

/**
 * The sign-up day counter, for 'new this week': +1 on the day a profile is made, -1 on that same day
 * (the profile's created_at) when the account is deleted, so the week counts the users still there.
 */
export const signupDayCounter = (atIso: string, sign: 1 | -1 = 1): CounterUpdate => ({
  key: { pk: keys.signupsByDay(), sk: keys.signupsDay(atIso) },
  deltas: { [COUNTERS.signupsOnDay]: sign },
});

/** Reminders per renewal date from `fromMonth` (YYYY-MM) on: one query over small monthly items. */
export async function dueCountsFrom(fromMonth: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const items = await queryAll({ pk: keys.dueCounts(), sk: { from: fromMonth } });
  for (const item of items) {
    const month = String(item[TABLE_KEYS.sortKey]);
    for (const [name, value] of Object.entries(parseNumbers(item))) {
      const day = COUNTERS.dayOfDueCounter(name);
      if (day && value !== 0) counts.set(`${month}-${day}`, value);
    }
  }
  return counts;
}

/** Confirmed sign-ups on each day from `fromDate` (YYYY-MM-DD) on. */
export async function signupsSince(fromDate: string): Promise<number> {
  const items = await queryPage({ pk: keys.signupsByDay(), sk: { from: fromDate } });
  return items.reduce((sum, item) => sum + (parseNumbers(item)[COUNTERS.signupsOnDay] ?? 0), 0);
}

/**
 * The admin statistics from counters kept current on every write and per-date reminder counts:
 * three reads, whatever the table holds. "Today" is the Europe/London date.
 */
export async function adminStatistics(now = DateTime.now()): Promise<Omit<AdminStats, 'email_provider'>> {
  const today = now.setZone(UK_ZONE);
  const todayIso = today.toISODate()!;
  const [counters, dueCounts, newUsers] = await Promise.all([
    readCounters(),
    dueCountsFrom(today.toFormat('yyyy-MM')),
    signupsSince(today.minus({ days: 6 }).toISODate()!),
  ]);
  const in7 = today.plus({ days: 7 }).toISODate()!;
  const in30 = today.plus({ days: 30 }).toISODate()!;
  let upcoming = 0;
  let due7 = 0;
  let due30 = 0;
  for (const [date, count] of dueCounts) {
    if (date < todayIso) continue;
    upcoming += count;
    if (date <= in7) due7 += count;
    if (date <= in30) due30 += count;
  }
  const users = counters[COUNTERS.users] ?? 0;
  const total = counters[COUNTERS.reminders] ?? 0;
  // Deletions before the day counters were lowered on deletion left them high: never more new users
  // than users.
  const newThisWeek = Math.min(Math.max(0, newUsers), Math.max(0, users));
  const savings = (counters[COUNTERS.savingsTotalPence] ?? 0) / 100;
  return {
    total_users: users,
    new_users_7_days: newThisWeek,
    total_reminders: total,
    active_reminders: upcoming,
    past_due_reminders: Math.max(0, total - upcoming),
    reminders_due_7_days: due7,
    reminders_due_30_days: due30,
    total_savings: savings,
    avg_savings_per_user: users > 0 ? Math.round((savings / users) * 100) / 100 : 0,
    by_category: CATEGORIES.map((c) => ({
      category: c.value,
      reminder_count: counters[COUNTERS.category(c.value)] ?? 0,
    }))
      .filter((c) => c.reminder_count > 0)
      .sort((a, b) => b.reminder_count - a.reminder_count),
    // Only known counters reach here (readCounters), so every name is a listed country.
    by_country: Object.entries(counters)
      .filter(([name, count]) => name.startsWith(COUNTERS.countryPrefix) && count > 0)
      .map(([name, count]) => ({ country: name.slice(COUNTERS.countryPrefix.length), user_count: count }))
      .sort((a, b) => b.user_count - a.user_count)
      .slice(0, 10),
  };
}

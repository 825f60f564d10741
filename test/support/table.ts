/**
 * The test stack's table read whole, and the counters as a recount of what users see: what the
 * fuzz and privacy suites compare, so no write outside the caller's partition goes unseen; and a
 * reminder made to look as an older version stored it.
 */
import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Reminder, SavingsSummary } from '../../shared/api.ts';
import { keys } from '../../shared/table.ts';
import { dynamo } from '../../lambdas/runtime/clients.ts';
import { queryAll, tableName } from '../../lambdas/store/db.ts';
import { parseNumbers } from '../../lambdas/store/items.ts';
import { outcomeCounters } from '../../lambdas/store/reminders/index.ts';
import { mergeCounterUpdates, readCounters, reminderCounters } from '../../lambdas/store/counters.ts';
import { api, type TestStack, type TestUser } from './stack.ts';

/** Every item of the table, page by page: the whole table, as an auditor would read it. */
export async function scanTable(): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new ScanCommand({ TableName: tableName(), ExclusiveStartKey: startKey }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/**
 * The whole table as a comparable value, sorted by key, without the rate-limit windows (they count
 * refused requests by design: that is how a burst meets its 429).
 */
export async function tableSnapshot(): Promise<string[]> {
  return (await scanTable())
    .filter((item) => !String(item.pk).startsWith('RATE#'))
    .map((item) => JSON.stringify(item, Object.keys(item).sort()))
    .sort();
}

/** Items in one snapshot and not the other: what a request added, changed or removed. */
export function snapshotDifference(before: string[], after: string[]) {
  const was = new Set(before);
  const is = new Set(after);
  return { added: after.filter((item) => !was.has(item)), removed: before.filter((item) => !is.has(item)) };
}

/**
 * The counters of reminders, categories, renewal days and savings, as a recount of what `users`
 * (every user of the stack) see through the API, next to what the counters say. Equal when every
 * write's counter update was applied once.
 */
export async function countersAndRecount(stack: TestStack, users: readonly TestUser[]) {
  const seen = await Promise.all(
    users.map(async (user) => {
      const call = api(stack, user.accessToken);
      const [list, savings] = await Promise.all([call('GET', '/api/reminders'), call('GET', '/api/savings')]);
      if (list.status !== 200 || savings.status !== 200) throw new Error(`recount read: ${list.status}`);
      return {
        reminders: (list.json as { reminders: Reminder[] }).reminders,
        outcomes: (savings.json as unknown as SavingsSummary).records,
      };
    }),
  );
  const updates = mergeCounterUpdates(
    seen.flatMap(({ reminders, outcomes }) => [
      ...reminders.flatMap((r) => reminderCounters(r, 1)),
      ...outcomes.map((o) => ({ key: { pk: keys.stats(), sk: 'ANY' }, deltas: outcomeCounters(o, 1) })),
    ]),
  );
  const recount: Record<string, number> = {};
  for (const { key, deltas } of updates) {
    for (const [name, delta] of Object.entries(deltas)) {
      const at = key.pk === keys.stats() ? name : `${key.sk}/${name}`;
      recount[at] = (recount[at] ?? 0) + delta;
    }
  }
  const counters: Record<string, number> = {};
  for (const [name, value] of Object.entries(await readCounters())) counters[name] = value;
  for (const item of await queryAll({ pk: keys.dueCounts() })) {
    for (const [name, value] of Object.entries(parseNumbers(item)))
      counters[`${String(item.sk)}/${name}`] = value;
  }
  // Only what the recount covers, and no zero either side (a counter back at 0 is still an item).
  const names = [...new Set([...Object.keys(recount), ...Object.keys(counters)])].filter(
    (name) => !/^(users|country_|signups)/.test(name),
  );
  const pick = (from: Record<string, number>) =>
    Object.fromEntries(names.map((n) => [n, from[n] ?? 0]).filter(([, v]) => v !== 0));
  return { counters: pick(counters), recount: pick(recount) };
}

/**
 * Removes `attributes` from `userId`'s stored reminder `reminderId`: the item as a version written
 * before those fields would have left it.
 */
export async function storedWithout(userId: string, reminderId: string, attributes: string[]): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: keys.user(userId), sk: keys.reminder(reminderId) },
      UpdateExpression: `REMOVE ${attributes.join(', ')}`,
    }),
  );
}

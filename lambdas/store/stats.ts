import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../shared/table.ts';
import { dynamo } from '../runtime/clients.ts';
import { env } from '../runtime/env.ts';
import { queryAll } from '../runtime/query.ts';

/**
 * Global counters, kept current on every write so statistics never need a scan. Counter names are
 * plain attribute names (users, reminders, category_mortgage, ...). ADD is atomic.
 */
export async function adjustCounters(
  deltas: Record<string, number>,
  key: { pk: string; sk: string } = { pk: keys.stats(), sk: keys.statsGlobal() },
): Promise<Record<string, number>> {
  const entries = Object.entries(deltas).filter(([, delta]) => delta !== 0);
  if (entries.length === 0) return {};
  const names: Record<string, string> = {};
  const values: Record<string, number> = {};
  const parts = entries.map(([name, delta], i) => {
    names[`#c${i}`] = name;
    values[`:d${i}`] = delta;
    return `#c${i} :d${i}`;
  });
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: env().TABLE_NAME,
      Key: key,
      UpdateExpression: `ADD ${parts.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return (Attributes ?? {}) as Record<string, number>;
}

export async function readCounters(): Promise<Record<string, number>> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: env().TABLE_NAME, Key: { pk: keys.stats(), sk: keys.statsGlobal() } }),
  );
  const counters: Record<string, number> = {};
  for (const [name, value] of Object.entries(Item ?? {})) {
    if (typeof value === 'number') counters[name] = value;
  }
  return counters;
}

/** A reminder enters (+1) or leaves (-1) the statistics: totals, its category, its renewal date. */
export async function countReminder(reminder: { category: string; renewal_date: string }, sign: 1 | -1) {
  await Promise.all([
    adjustCounters({ reminders: sign, [`category_${reminder.category}`]: sign }),
    adjustCounters(
      { [`d${reminder.renewal_date.slice(8, 10)}`]: sign },
      { pk: keys.dueCounts(), sk: keys.dueCountsMonth(reminder.renewal_date) },
    ),
  ]);
}

/** Reminders per renewal date from `fromMonth` (YYYY-MM) on: one query over small monthly items. */
export async function dueCountsFrom(fromMonth: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const items = await queryAll({
    TableName: env().TABLE_NAME,
    KeyConditionExpression: 'pk = :pk AND sk >= :from',
    ExpressionAttributeValues: { ':pk': keys.dueCounts(), ':from': fromMonth },
  });
  for (const item of items) {
    for (const [name, value] of Object.entries(item)) {
      if (/^d\d\d$/.test(name) && typeof value === 'number' && value !== 0) {
        counts.set(`${item.sk as string}-${name.slice(1)}`, value);
      }
    }
  }
  return counts;
}

/** Confirmed sign-ups on each day from `fromDate` (YYYY-MM-DD) on. */
export async function signupsSince(fromDate: string): Promise<number> {
  const page = await dynamo().send(
    new QueryCommand({
      TableName: env().TABLE_NAME,
      KeyConditionExpression: 'pk = :pk AND sk >= :from',
      ExpressionAttributeValues: { ':pk': keys.signupsByDay(), ':from': fromDate },
    }),
  );
  return (page.Items ?? []).reduce((sum, item) => sum + ((item.count as number | undefined) ?? 0), 0);
}

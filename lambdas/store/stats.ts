import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DateTime } from 'luxon';
import type { AdminStats } from '../../shared/api.ts';
import { CATEGORIES } from '../../shared/categories.ts';
import { UK_ZONE } from '../../shared/dates.ts';
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
  const users = counters.users ?? 0;
  const total = counters.reminders ?? 0;
  const savings = (counters.savings_total_pence ?? 0) / 100;
  return {
    total_users: users,
    new_users_7_days: newUsers,
    total_reminders: total,
    active_reminders: upcoming,
    past_due_reminders: Math.max(0, total - upcoming),
    reminders_due_7_days: due7,
    reminders_due_30_days: due30,
    total_savings: savings,
    avg_savings_per_user: users > 0 ? Math.round((savings / users) * 100) / 100 : 0,
    by_category: CATEGORIES.map((c) => ({
      category: c.value,
      reminder_count: counters[`category_${c.value}`] ?? 0,
    }))
      .filter((c) => c.reminder_count > 0)
      .sort((a, b) => b.reminder_count - a.reminder_count),
    by_country: Object.entries(counters)
      .filter(([name, count]) => name.startsWith('country_') && count > 0)
      .map(([name, count]) => ({ country: name.slice('country_'.length), user_count: count }))
      .sort((a, b) => b.user_count - a.user_count)
      .slice(0, 10),
  };
}

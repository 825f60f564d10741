/**
 * The admin console's statistics, read from the counters every write keeps current (../counters.ts,
 * decision 0009) and the per-date reminder counts: a few reads, whatever the table holds.
 */
import { DateTime } from 'luxon';
import type { AdminStats } from '../../../shared/admin.ts';
import { CATEGORIES } from '../../../shared/reminder/categories.ts';
import { UK_ZONE } from '../../../shared/dates.ts';
import { COUNTERS, keys, TABLE_KEYS } from '../../../shared/table.ts';
import { readCounters } from '../counters.ts';
import { getItem, queryAll, queryPage } from '../db.ts';
import { parseNumbers } from '../items.ts';

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

/** One small read of the table (the sign-up ordinal's item): the self-check's 'Database' passes when it answers. */
export async function readTableOnce(): Promise<void> {
  await getItem(keys.stats(), keys.statsSignups());
}

import { DateTime } from 'luxon';
import type { AdminStats } from '../../shared/api.ts';
import { CATEGORIES } from '../../shared/categories.ts';
import { UK_ZONE } from '../../shared/dates.ts';
import { env } from '../runtime/env.ts';
import { json, route } from '../runtime/http.ts';
import { dueCountsFrom, readCounters, signupsSince } from '../store/stats.ts';

/**
 * Admin statistics from counters kept current on every write, and per-date reminder counts: three
 * reads, whatever the table holds.
 */
export const handler = route('admin', async () => {
  const today = DateTime.now().setZone(UK_ZONE);
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
  const body: AdminStats = {
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
    email_provider: env().EMAIL_PROVIDER,
  };
  return json(200, body);
});

import { DateTime } from 'luxon';
import { CATEGORIES } from '../../shared/categories.ts';
import type { Reminder } from '../../shared/api.ts';
import { UK_ZONE } from '../../shared/dates.ts';
import { dedupeKeys } from '../../shared/table.ts';

/** Every lead-day value some category uses: the dates the job must look at, today + each. */
export const ALL_LEAD_DAYS = [...new Set(CATEGORIES.flatMap((c) => c.leadDays))].sort((a, b) => a - b);

/** The follow-up ('How did you do?') goes this many days after the renewal date. */
export const SAVINGS_FOLLOW_UP_DAYS_AFTER = 1;

export type PlannedMail =
  | { kind: 'reminder'; reminder: Reminder; daysBefore: number; dedupeKey: string }
  | { kind: 'savings'; reminder: Reminder; daysBefore: null; dedupeKey: string };

export function addDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: UK_ZONE }).plus({ days }).toISODate()!;
}

/** The calendar dates to query for `today`: one per lead-day value, plus yesterday for follow-ups. */
export function datesToQuery(today: string): { date: string; daysBefore: number | 'follow-up' }[] {
  return [
    ...ALL_LEAD_DAYS.map((days) => ({
      date: addDays(today, days),
      daysBefore: days as number | 'follow-up',
    })),
    { date: addDays(today, -SAVINGS_FOLLOW_UP_DAYS_AFTER), daysBefore: 'follow-up' as const },
  ];
}

/**
 * What the job mails on `today`, given the reminders renewing on each queried date: a reminder when
 * the days left is one of its category's lead intervals, a follow-up the day after renewal. Pure.
 */
export function planMails(today: string, dueByDate: Map<string, Reminder[]>): PlannedMail[] {
  const planned: PlannedMail[] = [];
  for (const { date, daysBefore } of datesToQuery(today)) {
    for (const reminder of dueByDate.get(date) ?? []) {
      if (daysBefore === 'follow-up') {
        planned.push({
          kind: 'savings',
          reminder,
          daysBefore: null,
          dedupeKey: dedupeKeys.savings(reminder.id, reminder.renewal_date),
        });
        continue;
      }
      const category = CATEGORIES.find((c) => c.value === reminder.category);
      if (!category || !(category.leadDays as readonly number[]).includes(daysBefore)) continue;
      planned.push({
        kind: 'reminder',
        reminder,
        daysBefore,
        dedupeKey: dedupeKeys.reminder(reminder.id, reminder.renewal_date, daysBefore),
      });
    }
  }
  return planned;
}

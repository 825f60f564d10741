/**
 * The roll forward: a repeating reminder with no outcome rollAfterDays after its renewal moves on
 * to its next renewal by itself. Pure: the store writes what this decides.
 */
import { addDays, daysBetween, rollAfterDays } from './schedule.ts';
import type { DateKind } from './contract.ts';
import { nextRenewalAfter, type Repeats } from './terms.ts';

export interface RollableReminder {
  renewal_date: string;
  term_anchor: string;
  repeats: Repeats;
  date_kind: DateKind;
  archived_at: string | null;
}

/**
 * Where the reminder rolls to on the owner's `today`, or null when it does not roll (it does not
 * repeat, was cancelled, or its renewal is less than rollAfterDays behind).
 *
 * - The new renewal is the first one on or after today, counted in whole terms from the anchor: a
 *   renewal that passed during a gap in runs is never the new term, as nobody was reminded of it.
 * - Its mails count from the day the roll was due, not from today: those a gap left overdue are
 *   caught up as any others (the latest goes late, the older ones are superseded), never dropped
 *   without a record.
 */
export function rollOf(
  reminder: RollableReminder,
  today: string,
): { renewalDate: string; notBefore: string } | null {
  if (reminder.repeats === 'none' || reminder.archived_at !== null) return null;
  const after = rollAfterDays(reminder.date_kind);
  if (daysBetween(reminder.renewal_date, today) < after) return null;
  const next = nextRenewalAfter(reminder.term_anchor, reminder.repeats, addDays(today, -1));
  if (next === null || next <= reminder.renewal_date) return null;
  return { renewalDate: next, notBefore: addDays(reminder.renewal_date, after) };
}

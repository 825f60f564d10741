/**
 * 'Snooze 3 days': a reminder's next mail (and so its push) goes three days after the day it was
 * due, once per day however often it is asked. Pure: the store keeps what this decides.
 */
import { formatUkDate } from '../dates.ts';
import { addDays } from './schedule.ts';

export const SNOOZE_DAYS = 3;
/** The history keeps this many snoozes, newest first. */
export const SNOOZES_KEPT = 10;

export const SNOOZE_LABEL = 'Snooze 3 days';
export const snoozedUntilText = (until: string) => `Snoozed until ${formatUkDate(until)}`;

export interface Snooze {
  /** The owner's local date it was asked for. */
  on: string;
  /** The local date the next mail goes instead (at the usual hour). */
  until: string;
  /** A shared reminder's: the member who snoozed it (a membership id). */
  by?: string | null;
}

/**
 * The snooze asked for `today`: the next mail still to go (or today, if it is already due or none is
 * left) moves three days. Null when today's snooze is already made: asking again changes nothing.
 */
export function snoozeOf(
  nextMailDate: string | null,
  today: string,
  last: Snooze | undefined,
): Snooze | null {
  if (last?.on === today) return null;
  const from = nextMailDate !== null && nextMailDate > today ? nextMailDate : today;
  return { on: today, until: addDays(from, SNOOZE_DAYS) };
}

/** The next mail's local date once a snooze holds it: never before the snooze's day. */
export function snoozedDate(nextDate: string, snoozedUntil: string | null | undefined): string {
  return snoozedUntil && snoozedUntil > nextDate ? snoozedUntil : nextDate;
}

import { DateTime } from 'luxon';

export const UK_ZONE = 'Europe/London';

/**
 * Days left = ceiling of days from now to the renewal date: 0 on the day, negative after it. The
 * renewal date is a calendar date; it starts at midnight in the user's zone. Computed with luxon in
 * an explicit zone.
 */
export function daysLeft(
  renewalDate: string,
  now: DateTime = DateTime.now(),
  zone: string = UK_ZONE,
): number {
  const start = DateTime.fromISO(renewalDate, { zone }).startOf('day');
  const diff = start.diff(now.setZone(zone), 'days').days;
  // Math.ceil(-0.x) is -0; normalise so 'Today' is plain 0.
  return Math.ceil(diff) || 0;
}

export type BadgeVariant = 'destructive' | 'default' | 'secondary' | 'outline';

/** The badge of a date `days` away; a date passed by more than a term says only that (agenda.ts, isLongPast). */
export function daysLeftBadge(days: number, longPast = false): { text: string; variant: BadgeVariant } {
  if (longPast) return { text: 'Date passed', variant: 'destructive' };
  if (days < 0) {
    const n = Math.abs(days);
    return { text: `${n} ${n === 1 ? 'day' : 'days'} overdue`, variant: 'destructive' };
  }
  if (days === 0) return { text: 'Today', variant: 'default' };
  const text = `${days} ${days === 1 ? 'day' : 'days'}`;
  if (days <= 7) return { text, variant: 'default' };
  if (days <= 30) return { text, variant: 'secondary' };
  return { text, variant: 'outline' };
}

/** dd/MM/yyyy, the UK date format every page shows, from a YYYY-MM-DD calendar date. */
export function formatUkDate(isoDate: string): string {
  return DateTime.fromISO(isoDate).toFormat('dd/MM/yyyy');
}

/**
 * A date in words, as the reminder mails say it ('Thursday 7 January 2027'), from a YYYY-MM-DD
 * calendar date: read in a mail, a day name and a month name cannot be taken for a US date.
 */
export function formatLongUkDate(isoDate: string): string {
  return DateTime.fromISO(isoDate, { zone: 'utc', locale: 'en-GB' }).toFormat('cccc d LLLL yyyy');
}

export function formatPounds(amount: number): string {
  return `£${amount.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Today's calendar date in a zone, as YYYY-MM-DD. */
export function todayIn(zone: string = UK_ZONE, now: DateTime = DateTime.now()): string {
  return now.setZone(zone).toISODate()!;
}

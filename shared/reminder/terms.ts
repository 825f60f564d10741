/**
 * A contract's term: how often it renews, and the dates it renews on. Pure calendar arithmetic on
 * YYYY-MM-DD dates (no zone: a date is a day, wherever the owner is).
 *
 * Renewals are counted from the contract's anchor (the renewal date the user gave), never from the
 * previous roll: a contract renewing on 31 January renews monthly on 28 (or 29) February, then 31
 * March, not 28 March; one renewing on 29 February renews yearly on 28 February, and on 29 February
 * again in a leap year. Peers' users most often complain of dates that drift exactly like that.
 */
import { DateTime } from 'luxon';

/**
 * The periods, shortest first: how often a payment recurs ('How often do you pay?', a reminder's
 * `billing`) and how often its date recurs (its `repeats`, the term). `months` (or `weeks`) is the
 * period's length; 'none' is a one-off payment, or a date that does not repeat.
 */
export const REPEATS = [
  { value: 'none', label: 'Does not repeat', months: 0 },
  { value: 'weekly', label: 'Every week', months: 0, weeks: 1 },
  { value: 'monthly', label: 'Every month', months: 1 },
  { value: 'quarterly', label: 'Every 3 months', months: 3 },
  { value: 'half_yearly', label: 'Every 6 months', months: 6 },
  { value: 'yearly', label: 'Every year', months: 12 },
  { value: 'two_yearly', label: 'Every 2 years', months: 24 },
  { value: 'three_yearly', label: 'Every 3 years', months: 36 },
  { value: 'five_yearly', label: 'Every 5 years', months: 60 },
] as const;

export type Repeats = (typeof REPEATS)[number]['value'];

/** 'How often do you pay?' as the dialog offers it: a one-off is a payment. */
export const PAYMENT_FREQUENCIES = REPEATS.map((r) =>
  r.value === 'none' ? { value: r.value, label: 'One-off payment' } : { value: r.value, label: r.label },
);

export const REPEATS_VALUES = REPEATS.map((r) => r.value) as [Repeats, ...Repeats[]];

/** 'Renews every' as the dialog offers it: a renewal's term is a month or longer. */
export const RENEWAL_TERMS = REPEATS.filter((r) => r.months > 0).map((r) => ({
  value: r.value,
  label: r.label,
}));

/** A period's length for luxon: months, or weeks; null for 'none'. */
export function periodLength(repeats: Repeats): { months: number } | { weeks: number } | null {
  const period: { months: number; weeks?: number } = REPEATS.find((r) => r.value === repeats)!;
  if (period.weeks) return { weeks: period.weeks };
  return period.months > 0 ? { months: period.months } : null;
}

/** How many payments of a period fall in a year (52 weekly ones); 0 for a one-off. */
export function paymentsPerYear(repeats: Repeats): number {
  const length = periodLength(repeats);
  if (length === null) return 0;
  return 'weeks' in length ? 52 / length.weeks : 12 / length.months;
}

/**
 * The `n`th renewal after `anchor` (n = 0 is the anchor itself), `n` terms on, on the anchor's day
 * of the month or the month's last day when it is shorter. Null for a reminder that does not repeat
 * (its only renewal is the anchor).
 */
export function renewalAfter(anchor: string, repeats: Repeats, n: number): string | null {
  if (!Number.isInteger(n) || n < 0) throw new RangeError('n must be a whole number from 0');
  if (n === 0) return anchor;
  const length = periodLength(repeats);
  if (length === null) return null;
  // luxon clamps to the month's last day (31 Jan + 1 month = 28/29 Feb), counted from the anchor.
  const times = 'weeks' in length ? { weeks: length.weeks * n } : { months: length.months * n };
  return DateTime.fromISO(anchor, { zone: 'utc' }).plus(times).toISODate()!;
}

/**
 * The first renewal strictly after `date`, counting whole terms from `anchor`; null when the
 * reminder does not repeat. `date` may be any day (the current renewal, or today after a long gap).
 */
export function nextRenewalAfter(anchor: string, repeats: Repeats, date: string): string | null {
  const length = periodLength(repeats);
  if (length === null) return null;
  if (date < anchor) return anchor;
  // Start near the answer (whole terms elapsed), then step to the first renewal after `date`.
  const unit = 'weeks' in length ? 'weeks' : 'months';
  const elapsed = DateTime.fromISO(date, { zone: 'utc' }).diff(
    DateTime.fromISO(anchor, { zone: 'utc' }),
    unit,
  )[unit];
  const per = 'weeks' in length ? length.weeks : length.months;
  let n = Math.max(1, Math.floor(elapsed / per));
  while (renewalAfter(anchor, repeats, n)! <= date) n++;
  while (n > 1 && renewalAfter(anchor, repeats, n - 1)! > date) n--;
  return renewalAfter(anchor, repeats, n);
}

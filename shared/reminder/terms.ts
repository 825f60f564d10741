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
import type { Category } from '../categories.ts';

/** The 'Repeats' choices, in the order the dialog lists them; `months` is the term's length. */
export const REPEATS = [
  { value: 'none', label: 'Does not repeat', months: 0 },
  { value: 'monthly', label: 'Every month', months: 1 },
  { value: 'quarterly', label: 'Every 3 months', months: 3 },
  { value: 'half_yearly', label: 'Every 6 months', months: 6 },
  { value: 'yearly', label: 'Every year', months: 12 },
  { value: 'two_yearly', label: 'Every 2 years', months: 24 },
  { value: 'three_yearly', label: 'Every 3 years', months: 36 },
  { value: 'five_yearly', label: 'Every 5 years', months: 60 },
] as const;

export type Repeats = (typeof REPEATS)[number]['value'];

/** The same choices as the dialog's 'How often do you pay?' offers them: a one-off is a payment. */
export const PAYMENT_FREQUENCIES = REPEATS.map((r) =>
  r.value === 'none' ? { value: r.value, label: 'One-off payment' } : { value: r.value, label: r.label },
);

export const REPEATS_VALUES = REPEATS.map((r) => r.value) as [Repeats, ...Repeats[]];

/**
 * What a new reminder repeats by default: a fixed deal that ends (a mortgage deal, a card's
 * promotional rate) does not roll on by itself; policies, tariffs and contracts renew yearly, and
 * subscriptions charge monthly, as most do. Existing reminders keep the term they were saved with.
 */
export const DEFAULT_REPEATS: Record<Category, Repeats> = {
  mortgage: 'none',
  credit_cards: 'none',
  insurance: 'yearly',
  utilities_energy: 'yearly',
  broadband_mobile: 'yearly',
  subscriptions: 'monthly',
  car_tax_mot: 'yearly',
};

export function termMonths(repeats: Repeats): number {
  return REPEATS.find((r) => r.value === repeats)!.months;
}

/**
 * The `n`th renewal after `anchor` (n = 0 is the anchor itself), `n` terms on, on the anchor's day
 * of the month or the month's last day when it is shorter. Null for a reminder that does not repeat
 * (its only renewal is the anchor).
 */
export function renewalAfter(anchor: string, repeats: Repeats, n: number): string | null {
  if (!Number.isInteger(n) || n < 0) throw new RangeError('n must be a whole number from 0');
  if (n === 0) return anchor;
  const months = termMonths(repeats);
  if (months === 0) return null;
  // luxon clamps to the month's last day (31 Jan + 1 month = 28/29 Feb), counted from the anchor.
  return DateTime.fromISO(anchor, { zone: 'utc' })
    .plus({ months: months * n })
    .toISODate()!;
}

/**
 * The first renewal strictly after `date`, counting whole terms from `anchor`; null when the
 * reminder does not repeat. `date` may be any day (the current renewal, or today after a long gap).
 */
export function nextRenewalAfter(anchor: string, repeats: Repeats, date: string): string | null {
  const months = termMonths(repeats);
  if (months === 0) return null;
  if (date < anchor) return anchor;
  // Start near the answer (whole terms elapsed), then step to the first renewal after `date`.
  const elapsed = DateTime.fromISO(date, { zone: 'utc' }).diff(
    DateTime.fromISO(anchor, { zone: 'utc' }),
    'months',
  ).months;
  let n = Math.max(1, Math.floor(elapsed / months));
  while (renewalAfter(anchor, repeats, n)! <= date) n++;
  while (n > 1 && renewalAfter(anchor, repeats, n - 1)! > date) n--;
  return renewalAfter(anchor, repeats, n);
}

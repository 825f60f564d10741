/**
 * 'Price rises in April': a phone, broadband or pay TV contract's yearly rise, as its terms state
 * it. One signed before 17 January 2025 may carry 'CPI + 3.9%' or 'RPI + 3.9%' (December's rate,
 * published in January, plus 3.9 points); one signed since states the rise in pounds and pence
 * (Ofcom's rule; shared/rights/rules.ts). The reminder keeps which (`price_rise`), and the product
 * says the price from April: the dashboard, the reminder page, 'What to do this week' on 1 March and
 * the reminder mails of March. Money in pence, rounded to the nearest penny (a half penny up). Pure.
 */
import type { Category } from './categories.ts';
import { formatPounds } from '../dates.ts';
import { figuresFor } from './inflationFigures.ts';
import { paymentsPerYear, type Repeats } from './terms.ts';

/** The forms offered, in the dialog's order; their values are the API's closed list. */
export const PRICE_RISE_KINDS = [
  { value: 'cpi_3_9', label: 'CPI + 3.9%', index: 'cpi' },
  { value: 'rpi_3_9', label: 'RPI + 3.9%', index: 'rpi' },
  { value: 'pounds', label: '£ amount', index: null },
] as const;
export type PriceRiseKind = (typeof PRICE_RISE_KINDS)[number]['value'];
export const PRICE_RISE_KIND_VALUES = PRICE_RISE_KINDS.map((k) => k.value) as [
  PriceRiseKind,
  ...PriceRiseKind[],
];

/** What a reminder keeps: an index rise, or a rise a month in pence. */
export type PriceRise = { kind: 'cpi_3_9' | 'rpi_3_9' } | { kind: 'pounds'; pence_a_month: number };

/** The categories of Ofcom's rules: phone, broadband and pay TV. */
export const PRICE_RISE_CATEGORIES: readonly Category[] = ['broadband_mobile'];
export const hasPriceRise = (category: string): boolean =>
  (PRICE_RISE_CATEGORIES as readonly string[]).includes(category);

/** The points above the index, in tenths: 3.9%. */
const ABOVE_INDEX_TENTHS = 39;
/** The rise's day, and the day the product reminds of it (a month before). */
export const RISE_DAY = '04-01';
export const RISE_REMINDER_DAY = '03-01';
/** A rise a month, at most: £1,000 (the dialog's field is pounds and pence). */
export const PRICE_RISE_MAX_PENCE = 100_000;

/** The rise's day next: this year's 1 April until it has come, then next year's. */
export function nextRiseDay(today: string): string {
  const year = Number(today.slice(0, 4));
  const thisYear = `${year}-${RISE_DAY}`;
  return today <= thisYear ? thisYear : `${year + 1}-${RISE_DAY}`;
}

/** The per-payment words: 'a month', 'a year', 'every 3 months'. */
const PER: Record<Repeats, string> = {
  none: 'one-off',
  weekly: 'a week',
  monthly: 'a month',
  quarterly: 'every 3 months',
  half_yearly: 'every 6 months',
  yearly: 'a year',
  two_yearly: 'every 2 years',
  three_yearly: 'every 3 years',
  five_yearly: 'every 5 years',
};
export const perPayment = (pence: number, billing: Repeats) => `${formatPounds(pence / 100)} ${PER[billing]}`;

/** A rise a month as a payment of `billing` carries it: 12 months over its payments in a year, to the penny. */
export function risePerPaymentPence(penceAMonth: number, billing: Repeats): number | null {
  const payments = paymentsPerYear(billing);
  return payments === 0 ? null : Math.round((penceAMonth * 12) / payments);
}

/** The price a payment of `pence` comes to after a rise of `tenths` tenths of a percent. */
export const afterPercentPence = (pence: number, tenths: number): number =>
  Math.round((pence * (1000 + tenths)) / 1000);

export interface Projection {
  /** The April of the rise. */
  april: number;
  /** The price per payment from then, in pence. */
  pence: number;
  /** For an index rise: the rate used (index + 3.9, in percent) and whether it is that April's own. */
  rate: { percent: number; known: boolean; source: { name: string; url: string } } | null;
}

/**
 * The price per payment from the next April (`today` the owner's date): the amount plus the rise a
 * month scaled to the payment, or the amount raised by the index + 3.9%. Null without an amount, for
 * a one-off payment (nothing recurs to rise), or when no figure is known at all.
 */
export function projectedPrice(
  reminder: { amount: number | null; billing: Repeats; price_rise: PriceRise | null },
  today: string,
): Projection | null {
  const rise = reminder.price_rise;
  if (!rise || reminder.amount === null || reminder.billing === 'none') return null;
  const pence = Math.round(reminder.amount * 100);
  const april = Number(nextRiseDay(today).slice(0, 4));
  if (rise.kind === 'pounds') {
    const more = risePerPaymentPence(rise.pence_a_month, reminder.billing)!;
    return { april, pence: pence + more, rate: null };
  }
  const found = figuresFor(april);
  if (!found) return null;
  const index = rise.kind === 'cpi_3_9' ? found.figures.cpi : found.figures.rpi;
  const tenths = Math.round(index * 10) + ABOVE_INDEX_TENTHS;
  return {
    april,
    pence: afterPercentPence(pence, tenths),
    rate: { percent: tenths / 10, known: found.known, source: found.figures.source },
  };
}

/** The rise as the dialog and the export name it: 'CPI + 3.9%', '£3.00 a month'. */
export function priceRiseText(rise: PriceRise): string {
  return rise.kind === 'pounds'
    ? perPayment(rise.pence_a_month, 'monthly')
    : PRICE_RISE_KINDS.find((k) => k.value === rise.kind)!.label;
}

/**
 * 'From April: £31.49 a month (CPI + 3.9%)'; '(… , projected with the latest published figure)'
 * while that April's figure is not out; '(£3.00 a month more)' for a rise in pounds. Null when
 * there is nothing to project.
 */
export function priceRiseLine(
  reminder: { amount: number | null; billing: Repeats; price_rise: PriceRise | null },
  today: string,
): string | null {
  const projection = projectedPrice(reminder, today);
  if (!projection) return null;
  const rise = reminder.price_rise!;
  const why =
    rise.kind === 'pounds'
      ? `${priceRiseText(rise)} more`
      : projection.rate!.known
        ? priceRiseText(rise)
        : `${priceRiseText(rise)}, projected with the latest published figure`;
  return `From April: ${perPayment(projection.pence, reminder.billing)} (${why})`;
}

/**
 * The month before the rise (1 March to 31 March): the day 'What to do this week' says it, and the
 * days a reminder mail carries the line.
 */
export function inRiseMonth(today: string): boolean {
  const riseDay = nextRiseDay(today);
  return today >= `${riseDay.slice(0, 4)}-${RISE_REMINDER_DAY}` && today < riseDay;
}

/**
 * The rise once the reminder moves on: kept while the same contract goes on (the job's roll, 'I
 * renewed as is'), dropped when a new deal starts with a new provider or price, as a deal made since
 * 17 January 2025 states its own rise.
 */
export function riseAfterRoll(
  reminder: { provider: string; price_rise: PriceRise | null },
  next: { provider: string | null; amount: number | null },
): PriceRise | null {
  const sameProvider =
    next.provider === null || next.provider.trim().toLowerCase() === reminder.provider.trim().toLowerCase();
  return sameProvider && next.amount === null ? reminder.price_rise : null;
}

/**
 * What a reminder costs, with its period: the amount is what one payment costs (a month's charge, a
 * year's premium), as 'How often do you pay?' (its `billing`) says, so every figure says which, and
 * yearly totals annualise by the payments in a year. What the date is (a deal's end, a renewal)
 * plays no part: a mortgage paid monthly costs twelve payments a year, whenever its deal ends.
 * Pure: the dashboard, the reminder page, the mails and the export all say it the same way.
 */
import { formatPounds } from '../dates.ts';
import { paymentsPerYear, type Repeats } from './terms.ts';

/** How each term reads after an amount ('£10.99/month'), and in the amount's label ('per month'). */
const PERIODS: Record<Repeats, { after: string; label: string }> = {
  none: { after: ' one-off', label: ', one-off' },
  weekly: { after: '/week', label: ' per week' },
  monthly: { after: '/month', label: ' per month' },
  quarterly: { after: ' every 3 months', label: ' every 3 months' },
  half_yearly: { after: ' every 6 months', label: ' every 6 months' },
  yearly: { after: '/yr', label: ' per year' },
  two_yearly: { after: ' every 2 years', label: ' every 2 years' },
  three_yearly: { after: ' every 3 years', label: ' every 3 years' },
  five_yearly: { after: ' every 5 years', label: ' every 5 years' },
};

/** A money field's label for a term: 'Amount (£) per month', 'Amount saved (£) per month'. */
export const amountLabel = (billing: Repeats, what = 'Amount'): string =>
  `${what} (£)${PERIODS[billing].label}`;

/** An amount with its period: '£10.99/month', '£420.00/yr', '£300.00 one-off'. */
export const amountWithPeriod = (amount: number, billing: Repeats): string =>
  `${formatPounds(amount)}${PERIODS[billing].after}`;

/** What a repeating amount comes to in a year, to the penny; null for a one-off payment. */
export function yearlyAmount(amount: number, billing: Repeats): number | null {
  const payments = paymentsPerYear(billing);
  if (payments === 0) return null;
  return Math.round(amount * 100 * payments) / 100;
}

/**
 * The amount as a list shows it: with its period, and its yearly figure where the term is not a year
 * ('£10.99/month · £131.88/yr'); '-' when unknown.
 */
export function amountShown(amount: number | null, billing: Repeats): string {
  if (amount === null) return '-';
  const yearly = yearlyAmount(amount, billing);
  const shown = amountWithPeriod(amount, billing);
  return yearly === null || billing === 'yearly' ? shown : `${shown} · ${formatPounds(yearly)}/yr`;
}

/**
 * What a saving comes to in a year: a saving is recorded per term (£3.00 off a monthly charge), so
 * a year of a monthly one is twelve of them; a one-off saving is what it is. Pence, so totals add
 * exactly.
 */
export function yearlySavingPence(saved: number, billing: Repeats): number {
  return Math.round((yearlyAmount(saved, billing) ?? saved) * 100);
}

/** Savings as the ledger sums them: each a year's worth, in pence. */
export const savingsTotalPence = (records: readonly { saved_amount: number; billing: Repeats }[]) =>
  records.reduce((sum, r) => sum + yearlySavingPence(r.saved_amount, r.billing), 0);

/**
 * A saving as the ledger shows it: per term and per year where the term is not a year ('£3.00/month,
 * £36.00 a year'), '£120.00 a year' for a yearly one, just the amount for a one-off.
 */
export function savingShown(saved: number, billing: Repeats): string {
  if (billing === 'none') return formatPounds(saved);
  const perYear = `${formatPounds(yearlySavingPence(saved, billing) / 100)} a year`;
  return billing === 'yearly' ? perYear : `${amountWithPeriod(saved, billing)}, ${perYear}`;
}

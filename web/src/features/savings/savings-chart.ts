import type { RenewalOutcome } from '#shared/api.ts';
import { CATEGORIES, categoryLabel, type Category } from '#shared/reminder/categories.ts';
import { yearlySavingPence } from '#shared/reminder/money.ts';

/** A series of the chart: a category, or 'other' for older outcomes that kept none. */
export type SeriesKey = Category | 'other';

export interface SavingsByYear {
  /** Years with money saved, oldest first. */
  years: string[];
  /** Categories with money saved, in the product's category order. */
  series: SeriesKey[];
  /** Pence saved (each saving a year's worth), per year, per series. */
  pence: Record<string, Partial<Record<SeriesKey, number>>>;
  /** Pence saved per year, all series together. */
  yearTotals: Record<string, number>;
}

export const seriesLabel = (key: SeriesKey) => (key === 'other' ? 'Other' : categoryLabel(key));

/** The year an outcome counts for: its renewal's, or when it was recorded for older outcomes. */
export const outcomeYear = (r: RenewalOutcome) => (r.term_to ?? r.created_at).slice(0, 4);

/**
 * Money saved by year and category, in pence (exact sums), each saving counted per year as the
 * ledger's total counts it; outcomes that saved nothing add nothing.
 */
export function savingsByYear(records: readonly RenewalOutcome[]): SavingsByYear {
  const pence: SavingsByYear['pence'] = {};
  const yearTotals: Record<string, number> = {};
  const seen = new Set<SeriesKey>();
  for (const record of records) {
    const amount = yearlySavingPence(record.saved_amount, record.billing);
    if (amount <= 0) continue;
    const year = outcomeYear(record);
    const key: SeriesKey = record.category ?? 'other';
    seen.add(key);
    const row = (pence[year] ??= {});
    row[key] = (row[key] ?? 0) + amount;
    yearTotals[year] = (yearTotals[year] ?? 0) + amount;
  }
  const order: SeriesKey[] = [...CATEGORIES.map((c) => c.value), 'other'];
  return {
    years: Object.keys(yearTotals).sort(),
    series: order.filter((key) => seen.has(key)),
    pence,
    yearTotals,
  };
}

/**
 * The chart's scale: round steps (1, 2, 2.5 or 5 times a power of ten, in whole pounds) from £0 to
 * at least the tallest bar, in at most five steps, so its lines read '£0, £50, £100, £150'.
 */
export function chartScale(maxPence: number): { top: number; ticks: number[] } {
  const pounds = Math.max(1, Math.ceil(maxPence / 100));
  const rough = pounds / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, ([1, 2, 2.5, 5, 10].find((m) => m * power >= rough) ?? 10) * power) * 100;
  const count = Math.ceil(maxPence / step);
  const ticks = Array.from({ length: Math.max(1, count) + 1 }, (_, i) => i * step);
  return { top: ticks.at(-1)!, ticks };
}

/** A short money label for the chart: whole pounds ('£1,250'), pence only under £10 ('£3.50'). */
export function chartPounds(pence: number): string {
  const pounds = pence / 100;
  return pounds < 10 && pence % 100 !== 0
    ? `£${pounds.toFixed(2)}`
    : `£${Math.round(pounds).toLocaleString('en-GB')}`;
}

/** One colour per series, each at least 3:1 against white (WCAG non-text contrast). */
export const SERIES_COLOURS: Record<SeriesKey, string> = {
  mortgage: '#1d4ed8',
  insurance: '#047857',
  credit_cards: '#b45309',
  utilities_energy: '#7c3aed',
  broadband_mobile: '#be123c',
  subscriptions: '#0e7490',
  car_tax_mot: '#4d5b6a',
  other: '#6b7280',
};

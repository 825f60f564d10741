/**
 * Wallos exports, JSON or CSV, as its code writes them (endpoints/subscriptions/export.php; the CSV
 * is the same entries joined with commas by the settings page). Every version's fields, by name:
 *
 * - before 2.23: `Categpry` (sic), no `Active`, no `Renewal`, no `Payment Cycle`;
 * - 2.33: `Active`; 2.38: `Renewal`; 2.41: `Payment Cycle` ('Monthly', 'Every 3 Months').
 *
 * Wallos saves what is typed HTML-escaped (`M&amp;S`), and writes a price as its currency's symbol
 * and the number (`€459.5`, `$0`). It has no provider: the name is both title and provider.
 */
import { IMPORT_MESSAGES } from './messages.ts';
import type { Draft } from './row.ts';
import { cancellationDate, decodeHtml, guessCategory, readCycle, readDate, readPrice } from './values.ts';

/** The JSON's top level: `{ "success": true, "subscriptions": [...] }`, or the bare list. */
export function wallosEntries(json: unknown): unknown[] | null {
  const entries: unknown = Array.isArray(json) ? json : isRecord(json) ? json.subscriptions : undefined;
  return Array.isArray(entries) ? entries : null;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A Wallos CSV is told by these headings (ours and SubTrackr's have neither). */
export const WALLOS_CSV_HEADINGS = ['Name', 'Next Payment', 'Price'] as const;

/** One subscription; `field` gives a field's text ('' when absent or null). */
export function wallosRow(field: (name: string) => string): Draft {
  const errors: string[] = [];
  const warnings: string[] = [];
  if (field('Active').trim().toLowerCase() === 'no' || field('State').trim().toLowerCase() === 'disabled') {
    errors.push(IMPORT_MESSAGES.inactive('Wallos'));
  }
  const cycle = readCycle(field('Payment Cycle'));
  if (cycle.kind === 'unsupported') errors.push(cycle.message);
  if (cycle.kind === 'term' && cycle.rounded) warnings.push(cycle.rounded);
  const name = decodeHtml(field('Name'));
  const renewal = readDate(field('Next Payment'));
  const cancellation = cancellationDate(
    'Wallos',
    renewal,
    readDate(field('Cancellation Date')),
    decodeHtml(field('Notes')),
  );
  if (cancellation.warning) warnings.push(cancellation.warning);
  return {
    title: name,
    // 'Categpry' is how Wallos spelled the field before 2.23.
    category: guessCategory(decodeHtml(field('Category') || field('Categpry')), name),
    provider: name,
    renewal,
    price: readPrice(field('Price')),
    notes: cancellation.notes,
    // A subscription's cycle is how it is paid, with no end date. No cycle (before 2.41): the
    // preview asks for one rather than guess every row yearly.
    billing: cycle.kind === 'term' ? cycle.repeats : cycle.kind === 'none' ? 'unknown' : null,
    date_kind: 'next_payment',
    auto_renew: field('Renewal').trim().toLowerCase() === 'automatic',
    act_by: cancellation.act_by,
    lead_days: '',
    errors,
    warnings,
  };
}

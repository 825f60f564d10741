/**
 * SubTrackr's CSV export, as its `ExportCSV` writes it, every version's columns by name:
 *
 * - up to 0.5.6: ID, Name, Category, Cost, Schedule, Status, Payment Method, Account, Start Date,
 *   Renewal Date, Cancellation Date, URL, Notes, Usage, Created At; no currency;
 * - 0.5.7: Currency (an ISO code) after Cost;
 * - 0.5.9: Schedule Interval after Schedule, and Schedule itself already says it ('Every 6 Months'
 *   with interval 6), so the interval multiplies only a bare word ('Monthly').
 *
 * It has no provider and no auto-renew field: the name is both title and provider.
 */
import { IMPORT_MESSAGES } from './messages.ts';
import type { Draft } from './row.ts';
import { cancellationDate, guessCategory, readCycle, readDate, readPrice } from './values.ts';

/** A SubTrackr CSV is told by these headings. */
export const SUBTRACKR_HEADINGS = ['Name', 'Schedule', 'Renewal Date'] as const;

export function subtrackrRow(cell: (name: string) => string, hasCurrency: boolean): Draft {
  const errors: string[] = [];
  const warnings: string[] = [];
  if (/^cancel/i.test(cell('Status').trim())) errors.push(IMPORT_MESSAGES.inactive('SubTrackr'));
  const interval = Number(cell('Schedule Interval').trim() || '1');
  const cycle = readCycle(cell('Schedule'), Number.isInteger(interval) && interval > 0 ? interval : 1);
  if (cycle.kind === 'unsupported') errors.push(cycle.message);
  if (cycle.kind === 'term' && cycle.rounded) warnings.push(cycle.rounded);
  const price = readPrice(cell('Cost'), cell('Currency'));
  if (!hasCurrency && price.kind === 'pounds' && price.amount !== '')
    warnings.push(IMPORT_MESSAGES.currencyUnknown);
  const name = cell('Name');
  const renewal = readDate(cell('Renewal Date'));
  const cancellation = cancellationDate(
    'SubTrackr',
    renewal,
    readDate(cell('Cancellation Date')),
    cell('Notes'),
  );
  if (cancellation.warning) warnings.push(cancellation.warning);
  return {
    title: name,
    category: guessCategory(cell('Category'), name),
    provider: name,
    renewal,
    price,
    notes: cancellation.notes,
    // A subscription's cycle is how it is paid, with no end date.
    billing: cycle.kind === 'term' ? cycle.repeats : null,
    date_kind: 'next_payment',
    auto_renew: null,
    act_by: cancellation.act_by,
    lead_days: '',
    errors,
    warnings,
  };
}

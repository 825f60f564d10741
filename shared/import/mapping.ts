/**
 * A spreadsheet with its own column headings ('Policy', 'Insurer', 'Expiry date'): the preview asks
 * which column holds what ('Which column is the renewal date?'), starting from a guess by the
 * headings' words, and the rows are read through that choice.
 */
import { categoryNamed, guessCategory, readCycle, readDate, readPrice, repeatsNamed } from './values.ts';
import type { Draft } from './row.ts';
import type { ColumnMapping, MappedField } from './columns.ts';

export { MAPPED_FIELDS, type ColumnMapping, type MappedField } from './columns.ts';

/** What the preview needs to ask: the file's headings and the columns chosen so far. */
export interface Mapping {
  headings: string[];
  columns: ColumnMapping;
}

/** The question the preview asks for each field. */
export const mappingQuestion = (label: string) => `Which column is the ${label}?`;

/** The words that suggest a field, tried in this order (act-by before the renewal date: both say 'date'). */
const SUGGESTIONS: [MappedField, RegExp][] = [
  ['act_by', /act by|cancel|notice|deadline/i],
  ['renewal_date', /renew|expir|due|end|next payment|date/i],
  ['amount', /amount|price|cost|premium|fee|£/i],
  ['provider', /provider|company|supplier|insurer|lender|vendor|bank/i],
  ['category', /categor|type|kind/i],
  ['billing', /repeat|frequency|cycle|billing|period|term/i],
  ['notes', /note|comment|detail/i],
  ['title', /title|name|description|item|contract|policy|what/i],
];

/** A first guess by the headings' words; each heading is used once. */
export function suggestColumns(headings: readonly string[]): ColumnMapping {
  const columns: ColumnMapping = {};
  const used = new Set<string>();
  for (const [field, pattern] of SUGGESTIONS) {
    const heading = headings.find((h) => !used.has(h) && pattern.test(h));
    if (heading !== undefined) {
      columns[field] = heading;
      used.add(heading);
    }
  }
  return columns;
}

/** Whether a first row reads as headings: every cell text, none a date or a number. */
export function looksLikeHeadings(cells: readonly string[]): boolean {
  const texts = cells.map((c) => c.trim());
  return (
    texts.length >= 2 &&
    texts.every(
      (t) => t !== '' && /\p{L}/u.test(t) && readDate(t).iso === t && !/^\d{4}-\d{2}-\d{2}$/.test(t),
    ) &&
    new Set(texts.map((t) => t.toLowerCase())).size === texts.length &&
    texts.every((t) => readPrice(t).kind === 'invalid')
  );
}

/** One row read through the chosen columns; a provider left out is the title, as for other trackers. */
export function mappedRow(value: (field: MappedField) => string): Draft {
  const errors: string[] = [];
  const warnings: string[] = [];
  const title = value('title');
  const categoryText = value('category');
  // A spreadsheet's cycle column says how it is paid; what the date is follows the category.
  const billingText = value('billing').trim();
  let billing = billingText === '' ? null : repeatsNamed(billingText);
  if (billingText !== '' && billing === null) {
    const cycle = readCycle(billingText);
    if (cycle.kind === 'term') {
      billing = cycle.repeats;
      if (cycle.rounded) warnings.push(cycle.rounded);
    } else if (cycle.kind === 'unsupported') errors.push(cycle.message);
  }
  return {
    title,
    category: categoryNamed(categoryText) ?? guessCategory(categoryText, title),
    provider: value('provider').trim() === '' ? title : value('provider'),
    renewal: readDate(value('renewal_date')),
    price: readPrice(value('amount')),
    notes: value('notes'),
    billing,
    auto_renew: null,
    act_by: readDate(value('act_by')),
    lead_days: '',
    errors,
    warnings,
  };
}

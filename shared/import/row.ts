/**
 * One row of a file, checked with the reminder dialog's own rules: the fields as the dialog holds
 * them (strings), what reading the file found (refusals, warnings, a price in another currency),
 * and the reminder to save when nothing refuses it.
 */
import { leadDaysOf, type Category } from '../categories.ts';
import { formatPounds } from '../dates.ts';
import type { Lender } from '../reminder/lenders.ts';
import { DEFAULT_REPEATS, type Repeats } from '../reminder/terms.ts';
import {
  leadDaysToText,
  MESSAGES,
  reminderFormSchema,
  reminderFormToInput,
  type ReminderInput,
} from '../schemas.ts';
import type { ColumnMapping } from './mapping.ts';
import { IMPORT_MESSAGES } from './messages.ts';
import { shownDate, type FileDate, type Price } from './values.ts';

/** A row's fields as a format maps them, before the dialog's rules. */
export interface Draft {
  title: string;
  category: Category | null;
  provider: string;
  renewal: FileDate;
  price: Price;
  notes: string;
  /** null: the category's default; 'unknown': the file names no term and the user must choose. */
  repeats: Repeats | null | 'unknown';
  auto_renew: boolean | null;
  act_by: FileDate;
  lead_days: string;
  /** Only our own file has these two: other formats leave a new reminder's defaults. */
  action_windows?: boolean | null;
  lender?: Lender | null;
  /** Refusals found while mapping (an inactive subscription, a weekly cycle). */
  errors: string[];
  /** Said on the row, but it imports (a term rounded, a date kept in the notes). */
  warnings: string[];
}

/** What the preview shows of a row, and what it will save. */
export interface ImportRow {
  /** The row's number as a spreadsheet shows it (the header is row 1), or the entry's in a JSON file. */
  row: number;
  title: string;
  category: Category;
  provider: string;
  /** The renewal date as the app shows dates (31/03/2027), or as the file has it when it is not one. */
  renewal_date: string;
  /** The amount as it will be saved, or null. */
  amount: number | null;
  /** A price in another currency, as the file gives it ('€459.50'): saved as the amount only when converted. */
  foreign_price: string | null;
  /** That price's currency as the file names it ('€', 'USD'), for a rate the user types. */
  foreign_currency: string | null;
  /** The term the row will have; null when the file names none and none was chosen. */
  repeats: Repeats | null;
  act_by: string | null;
  /** The file names no term (Wallos before 2.41): the preview asks for one for all such rows. */
  repeats_unknown: boolean;
  /** The reminder to save, or null when the row has errors. */
  reminder: ReminderInput | null;
  errors: string[];
  warnings: string[];
}

/** How a file is read beyond its own contents: the choices the preview asks for. */
export interface ReadOptions {
  /** The term for rows that name none. */
  repeats?: Repeats;
  /** For a spreadsheet with its own headings: which heading each field is read from. */
  columns?: ColumnMapping;
  /** 'Convert other currencies': pounds for one unit, by currency as the file names it. */
  rates?: Readonly<Record<string, number>>;
}

export function checkRow(row: number, draft: Draft, options: ReadOptions = {}): ImportRow {
  // The category's own defaults, as the dialog prefills them, for what the file leaves blank.
  const category = draft.category ?? 'subscriptions';
  const errors = [...draft.errors];
  const warnings = [...draft.warnings];
  const unknown = draft.repeats === 'unknown';
  const repeats: Repeats | null =
    draft.repeats === 'unknown' ? (options.repeats ?? null) : (draft.repeats ?? DEFAULT_REPEATS[category]);
  if (repeats === null) errors.push(IMPORT_MESSAGES.repeatsUnknown);
  const price = draft.price;
  let amount = price.kind === 'pounds' ? price.amount : price.kind === 'invalid' ? price.text : '';
  let notes = draft.notes;
  const addNote = (note: string) => (notes = [notes.trim(), note].filter((n) => n !== '').join('\n'));
  const rate = price.kind === 'foreign' ? options.rates?.[price.currency] : undefined;
  if (price.kind === 'foreign' && rate !== undefined) {
    amount = (Math.round(price.amount * rate * 100) / 100).toFixed(2);
    warnings.push(IMPORT_MESSAGES.converted(price.shown, formatPounds(Number(amount))));
    addNote(IMPORT_MESSAGES.convertedNote(price.shown, rate));
  } else if (price.kind === 'foreign') {
    warnings.push(IMPORT_MESSAGES.notInPounds(price.shown));
    addNote(IMPORT_MESSAGES.priceNote(price.shown));
  }
  const values = {
    title: draft.title,
    category,
    provider: draft.provider,
    renewal_date: draft.renewal.iso,
    amount,
    notes,
    repeats: repeats ?? 'none',
    auto_renew: draft.auto_renew ?? false,
    act_by: draft.act_by.iso,
    action_windows: draft.action_windows ?? true,
    lender: draft.lender ?? '',
    // A monthly charge's own lead days (one mail 3 days before), as the dialog prefills them.
    lead_days:
      draft.lead_days.trim() === ''
        ? leadDaysToText(leadDaysOf({ category, repeats: repeats ?? 'none' }))
        : draft.lead_days,
  };
  const checked = reminderFormSchema.safeParse(values);
  if (!checked.success) {
    // One message per field, as the dialog shows under each field; dates in the user's own format.
    const seen = new Set<string>();
    for (const issue of checked.error.issues) {
      const field = issue.path.join('.');
      if (seen.has(field)) continue;
      seen.add(field);
      errors.push(dateMessage(issue.message));
    }
  }
  const unique = [...new Set(errors)];
  const reminder = unique.length === 0 && checked.success ? reminderFormToInput(checked.data) : null;
  return {
    row,
    title: draft.title.trim(),
    category,
    provider: draft.provider.trim(),
    renewal_date: shownDate(draft.renewal),
    amount: reminder ? reminder.amount : null,
    foreign_price: price.kind === 'foreign' && rate === undefined ? price.shown : null,
    foreign_currency: price.kind === 'foreign' ? price.currency : null,
    repeats,
    act_by: draft.act_by.iso === '' ? null : shownDate(draft.act_by),
    repeats_unknown: unknown,
    reminder,
    errors: unique,
    warnings,
  };
}

/** A row that is not a subscription at all (a JSON entry that is a string): nothing to check. */
export function refusedRow(row: number, error: string): ImportRow {
  return {
    row,
    title: '',
    category: 'subscriptions',
    provider: '',
    renewal_date: '',
    amount: null,
    foreign_price: null,
    foreign_currency: null,
    repeats: null,
    act_by: null,
    repeats_unknown: false,
    reminder: null,
    errors: [error],
    warnings: [],
  };
}

/** The dialog asks for YYYY-MM-DD from its date picker; a file is told in the format the app shows. */
function dateMessage(message: string): string {
  if (message === MESSAGES.renewalDateInvalid) return IMPORT_MESSAGES.renewalDateInvalid;
  if (message === MESSAGES.actByInvalid) return IMPORT_MESSAGES.actByInvalid;
  return message;
}

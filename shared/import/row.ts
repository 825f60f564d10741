/**
 * One row of a file, checked with the reminder dialog's own rules: the fields as the dialog holds
 * them (strings), what reading the file found (refusals, warnings, a price in another currency),
 * and the reminder to save when nothing refuses it.
 */
import type { Category } from '../reminder/categories.ts';
import { formatPounds } from '../dates.ts';
import type { Lender } from '../reminder/lenders.ts';
import type { Repeats } from '../reminder/terms.ts';
import { contractOf, leadDaysOf, type DateKind } from '../reminder/contract.ts';
import { isLongPast } from '../reminder/agenda.ts';
import { MESSAGES } from '../schemas/fields.ts';
import {
  leadDaysToText,
  reminderFormSchema,
  reminderFormToInput,
  type ReminderFormValues,
  type ReminderInput,
} from '../schemas/reminder.ts';
import type { ColumnMapping } from './columns.ts';
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
  /** How it is paid. null: the category's default; 'unknown': the file names none and the user must choose. */
  billing: Repeats | null | 'unknown';
  /** What the date is, when the file says (our own file; a tracker's next payment); null: the category's. */
  date_kind?: DateKind | null;
  /** A renewal's term, when the file says (our own file's 'Repeats'). */
  term?: Repeats | null;
  auto_renew: boolean | null;
  act_by: FileDate;
  lead_days: string;
  /** Only our own file has these: other formats leave a new reminder's defaults. */
  action_windows?: boolean | null;
  lender?: Lender | null;
  /** 'Price rises in April' as the dialog's two fields hold it (reminder/priceRiseSchema.ts). */
  price_rise?: { kind: string; amount: string } | null;
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
  /** How it will be paid; null when the file names none and none was chosen. */
  billing: Repeats | null;
  /** What its date will be: a deal's end, a renewal or a next payment. */
  date_kind: DateKind;
  act_by: string | null;
  /** The file names no payment cycle (Wallos before 2.41): the preview asks for one for all such rows. */
  billing_unknown: boolean;
  /** The reminder to save, or null when the row has errors. */
  reminder: ReminderInput | null;
  errors: string[];
  warnings: string[];
}

/** How a file is read beyond its own contents: the choices the preview asks for. */
export interface ReadOptions {
  /** How rows that name no payment cycle are paid. */
  billing?: Repeats;
  /** For a spreadsheet with its own headings: which heading each field is read from. */
  columns?: ColumnMapping;
  /** The importer's today (their zone's): a date gone by more than a term is flagged on its row. */
  today?: string;
  /** 'Convert other currencies': pounds for one unit, by currency as the file names it. */
  rates?: Readonly<Record<string, number>>;
}

export function checkRow(row: number, draft: Draft, options: ReadOptions = {}): ImportRow {
  // The category's own defaults, as the dialog prefills them, for what the file leaves blank.
  const category = draft.category ?? 'subscriptions';
  const errors = [...draft.errors];
  const warnings = [...draft.warnings];
  const unknown = draft.billing === 'unknown';
  const billing: Repeats | null = draft.billing === 'unknown' ? (options.billing ?? null) : draft.billing;
  if (unknown && billing === null) errors.push(IMPORT_MESSAGES.billingUnknown);
  // What the file does not say is the category's, as the dialog prefills it: a mortgage or a broadband
  // contract paid monthly is a deal that ends, not a monthly charge.
  const contract = contractOf(category, { billing, date_kind: draft.date_kind, repeats: draft.term });
  if (
    options.today &&
    draft.renewal.iso !== '' &&
    isLongPast({ renewal_date: draft.renewal.iso, repeats: contract.repeats }, options.today)
  )
    warnings.push(IMPORT_MESSAGES.datePassed);
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
    ...contract,
    auto_renew: draft.auto_renew ?? false,
    act_by: draft.act_by.iso,
    action_windows: draft.action_windows ?? true,
    lender: draft.lender ?? '',
    price_rise: (draft.price_rise?.kind ?? '') as ReminderFormValues['price_rise'],
    price_rise_amount: draft.price_rise?.amount ?? '',
    // A rolling charge's own lead days (one mail 3 days before), as the dialog prefills them.
    lead_days:
      draft.lead_days.trim() === ''
        ? leadDaysToText(leadDaysOf({ category, date_kind: contract.date_kind }))
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
    billing: unknown && billing === null ? null : contract.billing,
    date_kind: contract.date_kind,
    act_by: draft.act_by.iso === '' ? null : shownDate(draft.act_by),
    billing_unknown: unknown,
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
    billing: null,
    date_kind: 'renewal',
    act_by: null,
    billing_unknown: false,
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

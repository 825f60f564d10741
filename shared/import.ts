/**
 * Bringing reminders in from a file: our own CSV (the export's format), a Wallos export (JSON) or a
 * SubTrackr export (CSV). The browser reads the file for the preview; each row goes through the
 * reminder dialog's own schema, so a row's errors are the dialog's messages. The valid rows are then
 * sent in one request, where the API checks them again with the same schema.
 */
import Papa from 'papaparse';
import { CATEGORIES, leadDaysOf, type Category } from './categories.ts';
import { CSV_COLUMNS, type CsvColumn } from './csv.ts';
import { duplicateKey } from './duplicates.ts';
import { API_MESSAGES } from './messages.ts';
import {
  IMPORT_MAX_ROWS,
  leadDaysToText,
  MESSAGES,
  reminderFormSchema,
  reminderFormToInput,
  type ReminderInput,
} from './schemas.ts';

export { duplicateKey, IMPORT_MAX_ROWS };
import { DEFAULT_REPEATS, REPEATS, type Repeats } from './reminder/terms.ts';

export const IMPORT_MAX_BYTES = 1024 * 1024;

/** Where a file came from: decided by its type and its header. */
export const IMPORT_FORMATS = {
  csv: 'Renewal Reminders CSV',
  wallos: 'Wallos export',
  subtrackr: 'SubTrackr export',
} as const;
export type ImportFormat = keyof typeof IMPORT_FORMATS;

export const IMPORT_MESSAGES = {
  wrongType: 'Choose a CSV file (.csv) or a Wallos export (.json)',
  tooLarge: 'The file is larger than 1 MB. Split it into smaller files',
  tooManyRows: `The file has more than ${IMPORT_MAX_ROWS} rows. Split it into smaller files`,
  noHeader: `The file has no header row. Start it with the template's header: ${CSV_COLUMNS.join(', ')}`,
  wrongEncoding: "The file is not UTF-8 text. Save it as 'CSV UTF-8' and try again",
  empty: 'The file has no reminders in it',
  notWallos: 'This JSON file is not a Wallos export',
  autoRenewInvalid: 'Renews automatically must be yes or no',
  notAnEntry: 'This entry is not a subscription',
  cycleUnsupported: (cycle: string) =>
    `Repeats '${cycle.slice(0, 40)}' is not offered: reminders repeat every month or less often`,
  inactive: (source: string) => `Not active in ${source}, so not imported`,
  /** Shown in the preview for a row the user already has; the server skips it too. */
  duplicate: 'Already in your reminders: it will be skipped',
  /** A row the same as an earlier one of the file: only the first is saved. */
  repeated: (row: number) => `The same as row ${row}: it will be skipped`,
  /** 409: another import of the same account is still running. */
  busy: API_MESSAGES.importBusy,
} as const;

/** The toast after an import: 'Imported 12 reminders, skipped 3 duplicates'. */
export function importedMessage(result: { imported: number; skipped: number }): string {
  const imported = `Imported ${result.imported} ${result.imported === 1 ? 'reminder' : 'reminders'}`;
  if (result.skipped === 0) return imported;
  return `${imported}, skipped ${result.skipped} ${result.skipped === 1 ? 'duplicate' : 'duplicates'}`;
}

/** One row of the file as the preview shows it. */
export interface ImportRow {
  /** The row's number as a spreadsheet shows it (the header is row 1), or the entry's in a JSON file. */
  row: number;
  title: string;
  renewal_date: string;
  /** The reminder to save, or null when the row has errors. */
  reminder: ReminderInput | null;
  errors: string[];
}

export type ImportFile = { ok: true; format: ImportFormat; rows: ImportRow[] } | { ok: false; error: string };

/** What the preview says of a row: saved, refused, or skipped (as the server will skip it). */
export type RowStatus =
  { kind: 'ready' } | { kind: 'error' } | { kind: 'duplicate' } | { kind: 'repeated'; of: number };

/**
 * Each row's fate, as the API will decide it: a valid row that matches one of `existing` (the user's
 * reminders) or an earlier valid row of the file is skipped.
 */
export function rowStatuses(
  rows: readonly ImportRow[],
  existing: readonly { title: string; provider: string; renewal_date: string }[],
): RowStatus[] {
  const have = new Set(existing.map(duplicateKey));
  const firstRow = new Map<string, number>();
  return rows.map((row) => {
    if (!row.reminder) return { kind: 'error' };
    const key = duplicateKey(row.reminder);
    if (have.has(key)) return { kind: 'duplicate' };
    const first = firstRow.get(key);
    if (first !== undefined) return { kind: 'repeated', of: first };
    firstRow.set(key, row.row);
    return { kind: 'ready' };
  });
}

/** Reads a chosen file: its type, size, encoding, header and rows, each row checked. */
export function readImportFile(name: string, bytes: Uint8Array): ImportFile {
  const type = /\.(csv|json)$/i.exec(name)?.[1]?.toLowerCase();
  if (!type) return { ok: false, error: IMPORT_MESSAGES.wrongType };
  if (bytes.byteLength > IMPORT_MAX_BYTES) return { ok: false, error: IMPORT_MESSAGES.tooLarge };
  let text: string;
  try {
    // fatal: a Windows-1252 '£' or a UTF-16 file is refused, not turned into replacement characters.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, error: IMPORT_MESSAGES.wrongEncoding };
  }
  if (text.includes('\u0000')) return { ok: false, error: IMPORT_MESSAGES.wrongEncoding };
  if (text.trim() === '') return { ok: false, error: IMPORT_MESSAGES.empty };
  return type === 'json' ? readWallos(text) : readCsv(text);
}

// ---------------------------------------------------------------------------------------------
// The formats
// ---------------------------------------------------------------------------------------------

/** A row's fields as the reminder dialog holds them (strings), with errors found while mapping. */
interface Draft {
  title: string;
  category: Category | null;
  provider: string;
  renewal_date: string;
  amount: string;
  notes: string;
  repeats: Repeats | null;
  auto_renew: boolean | null;
  act_by: string;
  lead_days: string;
  errors: string[];
}

function readCsv(text: string): ImportFile {
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  const [header, ...records] = parsed.data;
  if (!header) return { ok: false, error: IMPORT_MESSAGES.empty };
  const columns = header.map((h) => h.trim().toLowerCase());
  const has = (name: string) => columns.includes(name.toLowerCase());
  const format: ImportFormat | null =
    has('Title') && has('Renewal date')
      ? 'csv'
      : has('Name') && has('Schedule') && has('Renewal Date')
        ? 'subtrackr'
        : null;
  if (!format) return { ok: false, error: IMPORT_MESSAGES.noHeader };
  if (records.length === 0) return { ok: false, error: IMPORT_MESSAGES.empty };
  if (records.length > IMPORT_MAX_ROWS) return { ok: false, error: IMPORT_MESSAGES.tooManyRows };
  const cell = (record: string[], name: string) => {
    const index = columns.indexOf(name.toLowerCase());
    return index === -1 ? '' : unescapeFormula(record[index] ?? '');
  };
  const mapRow = format === 'csv' ? ourRow : subtrackrRow;
  return {
    ok: true,
    format,
    // Spreadsheet numbering: the header is row 1.
    rows: records.map((record, i) =>
      checkRow(
        i + 2,
        mapRow((name) => cell(record, name)),
      ),
    ),
  };
}

/** Our export, column by column (CSV_COLUMNS); values as the export writes them, or as typed. */
function ourRow(cell: (name: CsvColumn) => string): Draft {
  const errors: string[] = [];
  const category = categoryNamed(cell('Category'));
  if (!category) errors.push(MESSAGES.categoryInvalid);
  const repeatsText = cell('Repeats').trim();
  const repeats = repeatsText === '' ? null : repeatsNamed(repeatsText);
  if (repeatsText !== '' && !repeats) errors.push(MESSAGES.repeatsInvalid);
  const autoText = cell('Renews automatically');
  const autoRenew = yesNo(autoText);
  if (autoText.trim() !== '' && autoRenew === null) errors.push(IMPORT_MESSAGES.autoRenewInvalid);
  return {
    title: cell('Title'),
    category,
    provider: cell('Provider'),
    renewal_date: isoDate(cell('Renewal date')),
    amount: amountText(cell('Amount')),
    notes: cell('Notes'),
    repeats,
    auto_renew: autoRenew,
    act_by: isoDate(cell('Act by')),
    lead_days: cell('Remind me'),
    errors,
  };
}

/**
 * SubTrackr's CSV export (Name, Category, Cost, Schedule, Status, Renewal Date, Cancellation Date,
 * Notes, and in later versions Schedule Interval and Autopay). It has no provider: the name is both.
 */
function subtrackrRow(cell: (name: string) => string): Draft {
  const errors: string[] = [];
  if (/^cancel/i.test(cell('Status').trim())) errors.push(IMPORT_MESSAGES.inactive('SubTrackr'));
  const interval = Number(cell('Schedule Interval').trim() || '1');
  const repeats = cycleRepeats(cell('Schedule'), Number.isInteger(interval) && interval > 0 ? interval : 1);
  if (repeats === undefined) errors.push(IMPORT_MESSAGES.cycleUnsupported(cell('Schedule')));
  const name = cell('Name');
  return {
    title: name,
    category: guessCategory(cell('Category'), name),
    provider: name,
    renewal_date: isoDate(cell('Renewal Date')),
    amount: amountText(cell('Cost')),
    notes: cell('Notes'),
    repeats: repeats ?? null,
    auto_renew: yesNo(cell('Autopay')) ?? false,
    act_by: isoDate(cell('Cancellation Date')),
    lead_days: '',
    errors,
  };
}

/**
 * A Wallos export: `{ "success": true, "subscriptions": [...] }` (or the bare list), each entry
 * with Name, Payment Cycle, Next Payment, Renewal, Category, Price, Notes, Cancellation Date, State
 * and Active, every value a string.
 */
function readWallos(text: string): ImportFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: IMPORT_MESSAGES.notWallos };
  }
  const entries: unknown = Array.isArray(json) ? json : isRecord(json) ? json.subscriptions : undefined;
  if (!Array.isArray(entries)) return { ok: false, error: IMPORT_MESSAGES.notWallos };
  if (entries.length === 0) return { ok: false, error: IMPORT_MESSAGES.empty };
  if (entries.length > IMPORT_MAX_ROWS) return { ok: false, error: IMPORT_MESSAGES.tooManyRows };
  if (!entries.some((e) => isRecord(e) && 'Name' in e))
    return { ok: false, error: IMPORT_MESSAGES.notWallos };
  return {
    ok: true,
    format: 'wallos',
    rows: entries.map((entry, i) => {
      if (!isRecord(entry)) {
        return {
          row: i + 1,
          title: '',
          renewal_date: '',
          reminder: null,
          errors: [IMPORT_MESSAGES.notAnEntry],
        };
      }
      const field = (name: string) => (typeof entry[name] === 'string' ? (entry[name] as string) : '');
      return checkRow(i + 1, wallosRow(field));
    }),
  };
}

function wallosRow(field: (name: string) => string): Draft {
  const errors: string[] = [];
  if (field('Active').trim().toLowerCase() === 'no' || field('State').trim().toLowerCase() === 'disabled') {
    errors.push(IMPORT_MESSAGES.inactive('Wallos'));
  }
  const repeats = cycleRepeats(field('Payment Cycle'), 1);
  if (repeats === undefined) errors.push(IMPORT_MESSAGES.cycleUnsupported(field('Payment Cycle')));
  const name = field('Name');
  return {
    title: name,
    // 'Categpry' is how some Wallos versions spell the column.
    category: guessCategory(field('Category') || field('Categpry'), name),
    provider: name,
    renewal_date: isoDate(field('Next Payment')),
    amount: amountText(field('Price')),
    notes: field('Notes'),
    repeats: repeats ?? null,
    auto_renew: field('Renewal').trim().toLowerCase() === 'automatic',
    act_by: isoDate(field('Cancellation Date')),
    lead_days: '',
    errors,
  };
}

// ---------------------------------------------------------------------------------------------
// Checking a row with the dialog's rules
// ---------------------------------------------------------------------------------------------

function checkRow(row: number, draft: Draft): ImportRow {
  // The category's own defaults, as the dialog prefills them, for what the file leaves blank.
  const category = draft.category ?? 'subscriptions';
  const repeats = draft.repeats ?? DEFAULT_REPEATS[category];
  const values = {
    title: draft.title,
    category,
    provider: draft.provider,
    renewal_date: draft.renewal_date,
    amount: draft.amount,
    notes: draft.notes,
    repeats,
    auto_renew: draft.auto_renew ?? false,
    act_by: draft.act_by,
    lead_days:
      draft.lead_days.trim() === '' ? leadDaysToText(leadDaysOf({ category, repeats })) : draft.lead_days,
  };
  const checked = reminderFormSchema.safeParse(values);
  const errors = [
    ...draft.errors,
    // One message per field, as the dialog shows under each field.
    ...(checked.success
      ? []
      : checked.error.issues
          .filter((issue, i, all) => all.findIndex((o) => o.path.join('.') === issue.path.join('.')) === i)
          .map((issue) => issue.message)),
  ];
  const unique = [...new Set(errors)];
  return {
    row,
    title: draft.title.trim(),
    renewal_date: draft.renewal_date.trim(),
    reminder: unique.length === 0 && checked.success ? reminderFormToInput(checked.data) : null,
    errors: unique,
  };
}

// ---------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The export puts an apostrophe before cells a spreadsheet would run as a formula, and before text
 * that begins with one: one is taken off again.
 */
function unescapeFormula(cell: string): string {
  return /^'[=+\-@\t\r']/.test(cell) ? cell.slice(1) : cell;
}

/** A category by its value ('insurance') or its label ('Insurance'), in any case. */
function categoryNamed(text: string): Category | null {
  const wanted = text.trim().toLowerCase();
  return CATEGORIES.find((c) => c.value === wanted || c.label.toLowerCase() === wanted)?.value ?? null;
}

/** A 'Repeats' value ('yearly'), label ('Every year') or a cycle another tracker writes ('Annual'). */
function repeatsNamed(text: string): Repeats | null {
  const wanted = text.trim().toLowerCase();
  const named = REPEATS.find((r) => r.value === wanted || r.label.toLowerCase() === wanted)?.value;
  return named ?? cycleRepeats(text, 1) ?? null;
}

const CYCLE_WORDS: Record<string, number> = {
  monthly: 1,
  quarterly: 3,
  'semi-annually': 6,
  'semi-annual': 6,
  'half-yearly': 6,
  biannually: 6,
  yearly: 12,
  annual: 12,
  annually: 12,
};

/**
 * The term a cycle names ('Monthly', 'Every 3 Months', 'Annual', 'Every 2 Years'), times `times`;
 * null when blank (the category's default applies); undefined when it is not a term we offer
 * (daily, weekly, every 2 months).
 */
function cycleRepeats(text: string, times: number): Repeats | null | undefined {
  const cycle = text.trim().toLowerCase();
  if (cycle === '') return null;
  let months = CYCLE_WORDS[cycle];
  const every = /^every\s+(\d{1,3})?\s*(day|week|month|year)s?$/.exec(cycle);
  if (every) {
    const count = Number(every[1] ?? '1');
    months = every[2] === 'month' ? count : every[2] === 'year' ? count * 12 : undefined;
  }
  if (months === undefined) return undefined;
  return REPEATS.find((r) => r.months === months * times && r.months > 0)?.value;
}

/** yes/no, true/false, y/n, 1/0; null when blank or anything else. */
function yesNo(text: string): boolean | null {
  const value = text.trim().toLowerCase();
  if (['yes', 'y', 'true', '1'].includes(value)) return true;
  if (['no', 'n', 'false', '0'].includes(value)) return false;
  return null;
}

/**
 * A date as the file has it: ISO (2027-03-31, or with a time after it), or as a UK spreadsheet
 * shows it (31/03/2027). Anything else is left as it is, for the dialog's message.
 */
function isoDate(text: string): string {
  const value = text.trim();
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ][\d:.]+Z?)?$/.exec(value);
  if (iso) return iso[1]!;
  const uk = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (uk) return `${uk[3]}-${uk[2]!.padStart(2, '0')}-${uk[1]!.padStart(2, '0')}`;
  return value;
}

/**
 * An amount as trackers write it: '£1,234.50', '$15.99', '€59,99' (a decimal comma), 'kr 99'. The
 * currency is dropped: amounts are shown in pounds. Text with no digits is left for the message.
 */
function amountText(text: string): string {
  const value = text.trim();
  if (!/\d/.test(value)) return value;
  const bare = value.replace(/^[^\d.,-]+|[^\d.,]+$/g, '').replace(/\s/g, '');
  if (/^-?\d+,\d{1,2}$/.test(bare)) return bare.replace(',', '.');
  return bare.replace(/,(?=\d{3}\b)/g, '');
}

/**
 * Another tracker's free-text category (or, failing that, the name) mapped onto ours by its words;
 * anything else (streaming, software, news) is a subscription.
 */
function guessCategory(category: string, name: string): Category {
  for (const text of [category, name]) {
    const found = CATEGORY_WORDS.find(([pattern]) => pattern.test(text));
    if (found) return found[1];
  }
  return 'subscriptions';
}

const CATEGORY_WORDS: [RegExp, Category][] = [
  [/mortgage|home loan/i, 'mortgage'],
  [/insur/i, 'insurance'],
  [/credit|card/i, 'credit_cards'],
  [/energy|electric|\bgas\b|utilit|water|power/i, 'utilities_energy'],
  [/broadband|internet|mobile|phone|telecom|cellular|\bsim\b|wi-?fi|fibre|fiber/i, 'broadband_mobile'],
  [/\bcar\b|vehicle|\bmot\b|road tax|\bdvla\b/i, 'car_tax_mot'],
];

/**
 * Bringing reminders in from a file: our own CSV (the export's format), a Wallos export (JSON or
 * CSV) or a SubTrackr export (CSV). The browser reads the file for the preview; each row goes through
 * the reminder dialog's own schema, so a row's errors are the dialog's messages. The valid rows are
 * then sent in one request, where the API checks them again with the same schema.
 */
import Papa from 'papaparse';
import { type CsvColumn } from './csv.ts';
import { duplicateKey } from './duplicates.ts';
import {
  looksLikeHeadings,
  mappedRow,
  suggestColumns,
  type MappedField,
  type Mapping,
} from './import/mapping.ts';
import { IMPORT_MESSAGES } from './import/messages.ts';
import { lenderNamed } from './reminder/lenders.ts';
import { PRICE_RISE_MESSAGES, priceRiseNamed } from './reminder/priceRiseSchema.ts';
import { checkRow, refusedRow, type Draft, type ImportRow, type ReadOptions } from './import/row.ts';
import { SUBTRACKR_HEADINGS, subtrackrRow } from './import/subtrackr.ts';
import { categoryNamed, readDate, readPrice, repeatsNamed, unescapeFormula, yesNo } from './import/values.ts';
import { dateKindNamed } from './reminder/contract.ts';
import { isRecord, WALLOS_CSV_HEADINGS, wallosEntries, wallosRow } from './import/wallos.ts';
import { IMPORT_MAX_ROWS } from './importRequest.ts';
import { MESSAGES } from './schemas/fields.ts';

export { duplicateKey, IMPORT_MAX_ROWS, IMPORT_MESSAGES };
export { conversionRateSchema } from './import/values.ts';
export type { ImportRow, ReadOptions };
export { MAPPED_FIELDS, mappingQuestion, type ColumnMapping, type Mapping } from './import/mapping.ts';

export const IMPORT_MAX_BYTES = 1024 * 1024;

/** Where a file came from: decided by its type and its header. */
export const IMPORT_FORMATS = {
  csv: 'Renewal Reminders CSV',
  spreadsheet: 'Your spreadsheet',
  wallos: 'Wallos export',
  subtrackr: 'SubTrackr export',
} as const;
export type ImportFormat = keyof typeof IMPORT_FORMATS;

/** The toast after an import: 'Imported 12 reminders, skipped 3 duplicates'. */
export function importedMessage(result: { imported: number; skipped: number }): string {
  const imported = `Imported ${result.imported} ${result.imported === 1 ? 'reminder' : 'reminders'}`;
  if (result.skipped === 0) return imported;
  return `${imported}, skipped ${result.skipped} ${result.skipped === 1 ? 'duplicate' : 'duplicates'}`;
}

/** `mapping`: a spreadsheet's own headings, and the columns they are read through (the preview asks). */
export type ImportFile =
  | { ok: true; format: ImportFormat; rows: ImportRow[]; mapping?: Mapping }
  | { ok: false; error: string; mapping?: Mapping };

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

/**
 * Reads a chosen file: its type, size, encoding, header and rows, each row checked. `options` are
 * the choices the preview asks for (the term of rows whose file names none); the dialog reads the
 * file again when they change.
 */
export function readImportFile(name: string, bytes: Uint8Array, options: ReadOptions = {}): ImportFile {
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
  return type === 'json' ? readWallosJson(text, options) : readCsv(text, options);
}

function readCsv(text: string, options: ReadOptions): ImportFile {
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  const [header, ...records] = parsed.data;
  if (!header) return { ok: false, error: IMPORT_MESSAGES.empty };
  const columns = header.map((h) => h.trim().toLowerCase());
  const has = (...names: readonly string[]) => names.every((n) => columns.includes(n.toLowerCase()));
  const format: ImportFormat | null = has('Title', 'Renewal date')
    ? 'csv'
    : has(...SUBTRACKR_HEADINGS)
      ? 'subtrackr'
      : has(...WALLOS_CSV_HEADINGS)
        ? 'wallos'
        : null;
  if (!format)
    return looksLikeHeadings(header)
      ? readSpreadsheet(header, records, options)
      : { ok: false, error: IMPORT_MESSAGES.noHeader };
  if (records.length === 0) return { ok: false, error: IMPORT_MESSAGES.empty };
  if (records.length > IMPORT_MAX_ROWS) return { ok: false, error: IMPORT_MESSAGES.tooManyRows };
  const cell = (record: string[], name: string) => {
    const index = columns.indexOf(name.toLowerCase());
    return index === -1 ? '' : unescapeFormula(record[index] ?? '');
  };
  const mapRow: (cell: (name: string) => string) => Draft =
    format === 'csv' ? ourRow : format === 'subtrackr' ? (c) => subtrackrRow(c, has('Currency')) : wallosRow;
  return {
    ok: true,
    format,
    // Spreadsheet numbering: the header is row 1.
    rows: records.map((record, i) => {
      const draft = mapRow((name) => cell(record, name));
      // Wallos joins its values with commas unquoted: a note with a line break splits its row.
      if (format === 'wallos' && record.length !== header.length)
        draft.errors.push(IMPORT_MESSAGES.wrongCellCount);
      return checkRow(i + 2, draft, options);
    }),
  };
}

/**
 * A spreadsheet with headings of its own: read through the columns chosen in the preview, or first
 * through a guess by the headings' words. Until the title and renewal date have a column, nothing
 * is read and the preview asks.
 */
function readSpreadsheet(header: string[], records: string[][], options: ReadOptions): ImportFile {
  const headings = header.map((h) => h.trim());
  const columns = options.columns ?? suggestColumns(headings);
  const mapping = { headings, columns };
  if (!columns.title || !columns.renewal_date)
    return { ok: false, error: IMPORT_MESSAGES.chooseColumns, mapping };
  if (records.length === 0) return { ok: false, error: IMPORT_MESSAGES.empty };
  if (records.length > IMPORT_MAX_ROWS) return { ok: false, error: IMPORT_MESSAGES.tooManyRows };
  return {
    ok: true,
    format: 'spreadsheet',
    mapping,
    rows: records.map((record, i) => {
      const value = (field: MappedField) => {
        const heading = columns[field];
        const index = heading === undefined ? -1 : headings.indexOf(heading);
        return index === -1 ? '' : unescapeFormula(record[index] ?? '');
      };
      return checkRow(i + 2, mappedRow(value), options);
    }),
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
  const billingText = cell('How often you pay').trim();
  const billing = billingText === '' ? null : repeatsNamed(billingText);
  if (billingText !== '' && !billing) errors.push(MESSAGES.billingInvalid);
  const kindText = cell('Date is').trim();
  const dateKind = kindText === '' ? null : dateKindNamed(kindText);
  if (kindText !== '' && !dateKind) errors.push(MESSAGES.dateKindInvalid);
  const autoText = cell('Renews automatically');
  const autoRenew = yesNo(autoText);
  if (autoText.trim() !== '' && autoRenew === null) errors.push(IMPORT_MESSAGES.autoRenewInvalid);
  const windowsText = cell('Best day to act');
  const actionWindows = yesNo(windowsText);
  if (windowsText.trim() !== '' && actionWindows === null) errors.push(IMPORT_MESSAGES.actionWindowsInvalid);
  const lenderText = cell('Lender').trim();
  const lender = lenderText === '' ? null : lenderNamed(lenderText);
  if (lenderText !== '' && lender === null) errors.push(MESSAGES.lenderInvalid);
  const riseText = cell('Price rises in April').trim();
  const priceRise = riseText === '' ? null : priceRiseNamed(riseText);
  if (riseText !== '' && priceRise === null) errors.push(PRICE_RISE_MESSAGES.kindInvalid);
  const price = readPrice(cell('Amount'));
  return {
    title: cell('Title'),
    category,
    provider: cell('Provider'),
    renewal: readDate(cell('Renewal date')),
    // Our own file writes 0.00 for a free reminder: that is an amount, not a blank.
    price:
      price.kind === 'pounds' && price.amount === '' && cell('Amount').trim() !== ''
        ? { kind: 'pounds', amount: '0' }
        : price,
    notes: cell('Notes'),
    // A file from before the two facts were apart has only 'Repeats', which then meant how it was
    // paid; what its date is then follows the category, as for any spreadsheet.
    ...(billingText === '' && kindText === ''
      ? { billing: repeats }
      : { billing, date_kind: dateKind, term: repeats }),
    auto_renew: autoRenew,
    act_by: readDate(cell('Act by')),
    lead_days: cell('Remind me'),
    action_windows: actionWindows,
    lender,
    price_rise: priceRise,
    errors,
    warnings: [],
  };
}

/** A Wallos JSON export: the entries, each a subscription with string (or null) values. */
function readWallosJson(text: string, options: ReadOptions): ImportFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: IMPORT_MESSAGES.notWallos };
  }
  const entries = wallosEntries(json);
  if (!entries) return { ok: false, error: IMPORT_MESSAGES.notWallos };
  if (entries.length === 0) return { ok: false, error: IMPORT_MESSAGES.empty };
  if (entries.length > IMPORT_MAX_ROWS) return { ok: false, error: IMPORT_MESSAGES.tooManyRows };
  if (!entries.some((e) => isRecord(e) && 'Name' in e))
    return { ok: false, error: IMPORT_MESSAGES.notWallos };
  return {
    ok: true,
    format: 'wallos',
    rows: entries.map((entry, i) => {
      if (!isRecord(entry)) return refusedRow(i + 1, IMPORT_MESSAGES.notAnEntry);
      const field = (name: string) => {
        const value = entry[name];
        // PHP's json_encode writes a number for a numeric value in some versions.
        return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
      };
      return checkRow(i + 1, wallosRow(field), options);
    }),
  };
}

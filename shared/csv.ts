/**
 * The reminders' spreadsheet format, written once: the export writes it and the import reads it. A
 * UTF-8 file with a byte-order mark (so Excel reads the £ and accents right), a header row, ISO
 * dates, and the product's own values for category and repeat.
 */
import Papa from 'papaparse';
import type { Reminder } from './api.ts';
import { leadDaysOf } from './categories.ts';
import { leadDaysToText } from './schemas.ts';

/** The columns, in order: the header row names them. */
export const CSV_COLUMNS = [
  'Title',
  'Category',
  'Provider',
  'Renewal date',
  'Amount',
  'Notes',
  'Repeats',
  'Renews automatically',
  'Act by',
  'Remind me',
] as const;

export type CsvColumn = (typeof CSV_COLUMNS)[number];

const BYTE_ORDER_MARK = '\uFEFF';

/**
 * Text that itself begins with an apostrophe gets one more, so the formula escape below (a leading
 * apostrophe) can always be told apart and the import reads back exactly what was written.
 */
const literal = (text: string) => (text.startsWith("'") ? `'${text}` : text);

/** One reminder as its row. */
export function reminderRow(reminder: Reminder): Record<CsvColumn, string> {
  return {
    Title: literal(reminder.title),
    Category: reminder.category,
    Provider: literal(reminder.provider),
    'Renewal date': reminder.renewal_date,
    Amount: reminder.amount === null ? '' : reminder.amount.toFixed(2),
    Notes: literal(reminder.notes ?? ''),
    Repeats: reminder.repeats,
    'Renews automatically': reminder.auto_renew ? 'yes' : 'no',
    'Act by': reminder.act_by ?? '',
    'Remind me': leadDaysToText(leadDaysOf(reminder)),
  };
}

/**
 * The export: a header row and a row per reminder, CRLF line ends. Cells that a spreadsheet would
 * run as a formula (starting with =, +, -, @) are escaped with a leading apostrophe.
 */
export function remindersCsv(reminders: readonly Reminder[]): string {
  return (
    BYTE_ORDER_MARK +
    Papa.unparse(
      { fields: [...CSV_COLUMNS], data: reminders.map((r) => CSV_COLUMNS.map((c) => reminderRow(r)[c])) },
      { escapeFormulae: true, newline: '\r\n' },
    )
  );
}

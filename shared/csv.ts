/**
 * The reminders' spreadsheet format, written once: the export writes it and the import reads it. A
 * UTF-8 file with a byte-order mark (so Excel reads the £ and accents right), a header row, ISO
 * dates, and the product's own values for category, payments and term. Amounts are per payment, as
 * 'How often you pay' says, with what each comes to in a year beside them (the import reads only the
 * first); 'Date is' says what the renewal date is ('Deal ends', 'Renews on', 'Next payment').
 * 'Who pays' is a shared reminder's split, members by first name (empty for one's own); the import
 * does not read it, as a file names people, not memberships. 'Price rises in April' is a phone,
 * broadband or pay TV contract's rise ('CPI + 3.9%', '£3.00 a month'), empty when none is known.
 */
import Papa from 'papaparse';
import type { Reminder } from './api.ts';
import { dateLabel, leadDaysOf } from './reminder/contract.ts';
import { lenderOf } from './reminder/lenders.ts';
import { priceRiseText } from './reminder/priceRise.ts';
import { yearlyAmount } from './reminder/money.ts';
import { FORMER_MEMBER } from './reminder/sharing.ts';
import { whoPaysText } from './reminder/split.ts';
import { leadDaysToText } from './schemas/reminder.ts';

/** The columns, in order: the header row names them. */
export const CSV_COLUMNS = [
  'Title',
  'Category',
  'Provider',
  'Renewal date',
  'Amount',
  'How often you pay',
  'Amount per year',
  'Date is',
  'Notes',
  'Repeats',
  'Renews automatically',
  'Act by',
  'Remind me',
  'Best day to act',
  'Lender',
  'Who pays',
  'Price rises in April',
] as const;

export type CsvColumn = (typeof CSV_COLUMNS)[number];

const BYTE_ORDER_MARK = '\uFEFF';

/** A cell a spreadsheet would run as a formula: its first character is one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Every cell as a spreadsheet may safely open it. A cell that would run as a formula gets a leading
 * apostrophe, and so does text that itself begins with one, so the escape can always be told apart
 * and the import reads back exactly what was written. Done here rather than by papaparse, whose own
 * check (`/^[=+\-@\t\r].*$/`, no `s` flag) misses any cell that also holds a line break.
 */
export const safeCell = (text: string) =>
  FORMULA_START.test(text) || text.startsWith("'") ? `'${text}` : text;

/** A household member's first name by membership id, as the export names them. */
export type MemberNames = (membershipId: string) => string;
const NO_NAMES: MemberNames = () => FORMER_MEMBER;

/** One reminder as its row, every cell made safe. */
export function reminderRow(reminder: Reminder, nameOf: MemberNames = NO_NAMES): Record<CsvColumn, string> {
  const yearly = reminder.amount === null ? null : yearlyAmount(reminder.amount, reminder.billing);
  const row: Record<CsvColumn, string> = {
    Title: reminder.title,
    Category: reminder.category,
    Provider: reminder.provider,
    'Renewal date': reminder.renewal_date,
    Amount: reminder.amount === null ? '' : reminder.amount.toFixed(2),
    'How often you pay': reminder.billing,
    'Amount per year': yearly === null ? '' : yearly.toFixed(2),
    'Date is': dateLabel(reminder.date_kind),
    Notes: reminder.notes ?? '',
    Repeats: reminder.repeats,
    'Renews automatically': reminder.auto_renew ? 'yes' : 'no',
    'Act by': reminder.act_by ?? '',
    'Remind me': leadDaysToText(leadDaysOf(reminder)),
    'Best day to act': reminder.action_windows ? 'yes' : 'no',
    Lender: reminder.lender === null ? '' : lenderOf(reminder.lender).label,
    'Who pays': reminder.shared ? whoPaysText(reminder.who_pays, nameOf) : '',
    'Price rises in April': reminder.price_rise === null ? '' : priceRiseText(reminder.price_rise),
  };
  return Object.fromEntries(CSV_COLUMNS.map((column) => [column, safeCell(row[column])])) as Record<
    CsvColumn,
    string
  >;
}

/**
 * The export: a header row and a row per reminder, CRLF line ends, every cell escaped by safeCell.
 */
export function remindersCsv(reminders: readonly Reminder[], nameOf: MemberNames = NO_NAMES): string {
  const rows = reminders.map((r) => reminderRow(r, nameOf));
  return (
    BYTE_ORDER_MARK +
    Papa.unparse(
      { fields: [...CSV_COLUMNS], data: rows.map((row) => CSV_COLUMNS.map((c) => row[c])) },
      { newline: '\r\n' },
    )
  );
}

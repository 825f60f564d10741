/** What the import dialog says of a file or a row: every message once. */
import { CSV_COLUMNS } from '../csv.ts';
import { API_MESSAGES } from '../messages.ts';
import { IMPORT_MAX_ROWS } from '../importRequest.ts';

export const IMPORT_MESSAGES = {
  wrongType: 'Choose a CSV file (.csv) or a Wallos export (.json)',
  tooLarge: 'The file is larger than 1 MB. Split it into smaller files',
  tooManyRows: `The file has more than ${IMPORT_MAX_ROWS} rows. Split it into smaller files`,
  noHeader: `The file has no header row. Start it with the template's header: ${CSV_COLUMNS.join(', ')}`,
  wrongEncoding: "The file is not UTF-8 text. Save it as 'CSV UTF-8' and try again",
  empty: 'The file has no reminders in it',
  /** A spreadsheet with headings of its own, until the title and renewal date columns are chosen. */
  chooseColumns:
    "The file's column headings are not the template's: choose which column holds the title and the renewal date",
  notWallos: 'This JSON file is not a Wallos export',
  autoRenewInvalid: 'Renews automatically must be yes or no',
  actionWindowsInvalid: 'Best day to act must be yes or no',
  notAnEntry: 'This entry is not a subscription',
  /** A row with more or fewer cells than the header (a Wallos CSV note that held a line break). */
  wrongCellCount: 'This row does not line up with the header row',
  cycleUnsupported: (cycle: string) =>
    `Repeats '${cycle.slice(0, 40)}' is not offered: reminders repeat every month or less often`,
  /** A term between the ones we offer: imported as the nearest, and said so on the row. */
  cycleRounded: (cycle: string, label: string) =>
    `Repeats '${cycle.slice(0, 40)}' is not offered: imported as '${label}'`,
  /** An older Wallos export names no cycle: the preview asks for one for all such rows. */
  billingUnknown: 'How often you pay: unknown, choose one',
  /** A date gone by more than a term: it imports, and the dashboard asks for the next one. */
  datePassed: 'This date passed more than a term ago: after importing, give the date it renews next',
  inactive: (source: string) => `Not active in ${source}, so not imported`,
  /** The preview's words for a price in another currency; the row imports with no amount. */
  notInPounds: (price: string) => `${price}: not in pounds`,
  /** Added to the notes of a row whose price is not in pounds, so it is not lost. */
  priceNote: (price: string) => `Price in the file: ${price}`,
  /** 'Convert other currencies' on: the price converted at the rate typed, said on the row and kept in the notes. */
  converted: (price: string, pounds: string) => `${price} converted to ${pounds} at the rate you gave`,
  convertedNote: (price: string, rate: number) => `Price in the file: ${price}, converted at £${rate} each`,
  rateInvalid: 'Enter a rate above 0, in pounds for one unit of the currency',
  /** SubTrackr before 0.5.7 writes no currency. */
  currencyUnknown: 'The file does not say the currency: read as pounds',
  /** A cancellation date after the renewal cannot be the act-by date; it is kept in the notes. */
  cancellationAfterRenewal: (date: string) =>
    `Cancellation date ${date} is after the renewal: kept in the notes, not as the act-by date`,
  cancellationNote: (source: string, date: string) => `Cancellation date in ${source}: ${date}`,
  /** Dates in the user's own format (the app shows dd/MM/yyyy). */
  renewalDateInvalid: 'Renewal date must be a real date, as DD/MM/YYYY',
  actByInvalid: 'Act by must be a real date, as DD/MM/YYYY',
  /** Shown in the preview for a row the user already has; the server skips it too. */
  duplicate: 'Already in your reminders: it will be skipped',
  /** A row the same as an earlier one of the file: only the first is saved. */
  repeated: (row: number) => `The same as row ${row}: it will be skipped`,
  /** Everything in the file is already there (or refused): nothing to send. */
  nothingNew: 'Nothing new to import',
  /** 409: another import of the same account is still running. */
  busy: API_MESSAGES.importBusy,
} as const;

/**
 * Reading the values other files hold: dates as a UK spreadsheet shows them, prices with their
 * currency, cycles as trackers name them, HTML entities Wallos saves, free-text categories.
 */
import { DateTime } from 'luxon';
import { z } from 'zod';
import { CATEGORIES, type Category } from '../reminder/categories.ts';
import { readMoneyText } from '../reminder/money-text.ts';
import { REPEATS, type Repeats } from '../reminder/terms.ts';
import { isRealDate } from '../schemas/fields.ts';
import { IMPORT_MESSAGES } from './messages.ts';

/**
 * The export puts an apostrophe before cells a spreadsheet would run as a formula, and before text
 * that begins with one: one is taken off again.
 */
export function unescapeFormula(cell: string): string {
  return /^'[=+\-@\t\r']/.test(cell) ? cell.slice(1) : cell;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Wallos saves what is typed through PHP's htmlspecialchars, so its export holds `M&amp;S` and
 * `O&#039;Neill`. One pass, so text that really said `&amp;amp;` keeps one `&amp;`.
 */
export function decodeHtml(text: string): string {
  return text.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|amp|lt|gt|quot|apos);/gi, (entity, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#')) {
      const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return ENTITIES[lower] ?? entity;
  });
}

/** A category by its value ('insurance') or its label ('Insurance'), in any case. */
export function categoryNamed(text: string): Category | null {
  const wanted = text.trim().toLowerCase();
  return CATEGORIES.find((c) => c.value === wanted || c.label.toLowerCase() === wanted)?.value ?? null;
}

/** yes/no, true/false, y/n, 1/0; null when blank or anything else. */
export function yesNo(text: string): boolean | null {
  const value = text.trim().toLowerCase();
  if (['yes', 'y', 'true', '1'].includes(value)) return true;
  if (['no', 'n', 'false', '0'].includes(value)) return false;
  return null;
}

/** A date read from a file: ISO when it could be read, and the text the file has. */
export interface FileDate {
  iso: string;
  text: string;
}

/**
 * A date as the file has it: ISO (2027-03-31, or with a time after it), or as a UK spreadsheet
 * shows it (31/03/2027). Anything else is left as it is, for the row's message.
 */
export function readDate(text: string): FileDate {
  const value = text.trim();
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ][\d:.]+Z?)?$/.exec(value);
  if (iso) return { iso: iso[1]!, text: value };
  const uk = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (uk) return { iso: `${uk[3]}-${uk[2]!.padStart(2, '0')}-${uk[1]!.padStart(2, '0')}`, text: value };
  return { iso: value, text: value };
}

/** A real date as the app shows dates (31/03/2027); one that is not, as the file has it. */
export function shownDate(date: FileDate): string {
  const parsed = DateTime.fromISO(date.iso, { zone: 'utc' });
  return /^\d{4}-\d{2}-\d{2}$/.test(date.iso) && parsed.isValid ? parsed.toFormat('dd/MM/yyyy') : date.text;
}

/**
 * A tracker's cancellation date as the act-by date, when it is on or before the renewal. One after
 * it is no last day to act on this renewal: it is kept in the notes with a warning, and the row is
 * not refused for it.
 */
export function cancellationDate(
  source: string,
  renewal: FileDate,
  cancellation: FileDate,
  notes: string,
): { act_by: FileDate; notes: string; warning: string | null } {
  if (!isRealDate(cancellation.iso) || !isRealDate(renewal.iso) || cancellation.iso <= renewal.iso) {
    return { act_by: cancellation, notes, warning: null };
  }
  const shown = shownDate(cancellation);
  return {
    act_by: readDate(''),
    notes: [notes.trim(), IMPORT_MESSAGES.cancellationNote(source, shown)].filter((n) => n !== '').join('\n'),
    warning: IMPORT_MESSAGES.cancellationAfterRenewal(shown),
  };
}

/**
 * A price as the file has it: pounds (the amount as the form's text, '' when none), another
 * currency (shown as the file gives it, never turned into pounds), or text that is not a price.
 */
export type Price =
  | { kind: 'pounds'; amount: string }
  /** `currency` as the file names it ('€', 'USD'): what a typed rate is for. */
  | { kind: 'foreign'; shown: string; amount: number; currency: string }
  | { kind: 'invalid'; text: string };

const POUNDS = /^(?:£|gbp)$/i;

/**
 * '£1,234.50', '1234.5', '€59,99' (a decimal comma), 'Kč249', '$0', 'CHF 29.90'. `currency` is
 * the ISO code from a column of its own (SubTrackr), when the file has one. Zero is no amount:
 * Wallos writes `$0` for a price never filled in. Pounds are left as the file writes them, for the
 * form's own rule to read as a typed amount is read (shared/reminder/money-text.ts): '£11,50' is refused
 * there, not taken for £1,150 or £11.50. Another currency's decimal comma is read as one.
 */
export function readPrice(text: string, currency = ''): Price {
  const value = text.trim();
  if (value === '') return { kind: 'pounds', amount: '' };
  const parts = /^([^\d.,-]*?)\s*(-?[\d.,\s]*\d[\d.,]*)\s*([^\d.,]*)$/.exec(value);
  if (!parts) return { kind: 'invalid', text: value };
  const [, before = '', digits = '', after = ''] = parts;
  const symbol = (before || after).trim();
  const code = currency.trim();
  const inPounds = code === '' ? symbol === '' || POUNDS.test(symbol) : POUNDS.test(code);
  if (inPounds) {
    const reading = readMoneyText(value);
    return { kind: 'pounds', amount: reading.kind === 'pounds' && reading.pounds === 0 ? '' : value };
  }
  const bare = digits.replace(/\s/g, '');
  const amount = /^-?\d+,\d{1,2}$/.test(bare) ? bare.replace(',', '.') : bare.replace(/,(?=\d{3}\b)/g, '');
  if (Number(amount) === 0 && Number.isFinite(Number(amount))) return { kind: 'pounds', amount: '' };
  const number = Number(amount);
  if (!Number.isFinite(number)) return { kind: 'invalid', text: value };
  return {
    kind: 'foreign',
    shown: foreignPrice(number, code || symbol),
    amount: number,
    currency: code || symbol,
  };
}

/** €459.50, US$15.99, Kč249.00: a code through the browser's own currency names, a symbol as written. */
function foreignPrice(amount: number, currency: string): string {
  if (/^[A-Z]{3}$/i.test(currency)) {
    try {
      // Intl puts a no-break space after a code ('CHF 29.90'): a plain one reads the same in notes.
      return new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency.toUpperCase() })
        .format(amount)
        .replace(/\u00a0/g, ' ');
    } catch {
      // Not a currency the runtime knows: shown with its code below.
    }
  }
  return `${currency}${amount.toFixed(2)}`;
}

/**
 * A rate the user types for 'Convert other currencies': pounds for one unit of the currency. Never
 * looked up: a rate from the network would date, and the user knows what they paid.
 */
export const conversionRateSchema = z.coerce
  .number({ error: IMPORT_MESSAGES.rateInvalid })
  .finite(IMPORT_MESSAGES.rateInvalid)
  .positive(IMPORT_MESSAGES.rateInvalid)
  .max(100_000, IMPORT_MESSAGES.rateInvalid);

/** A term, or the nearest one when the cycle falls between ours, said so on the row. */
export type Cycle =
  | { kind: 'none' }
  | { kind: 'term'; repeats: Repeats; rounded?: string }
  | { kind: 'unsupported'; message: string };

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

const UNIT_MONTHS: Record<string, number> = { month: 1, quarter: 3, year: 12 };
const SHORTER_THAN_A_MONTH = /^(daily|weekly|fortnightly|bi-?weekly|every\s+(\d+\s+)?(day|week)s?)$/;

/**
 * A cycle as trackers name it: 'Monthly', 'Annual', 'Every 3 Months', 'Every 2 Quarters',
 * 'Every 2 Years'. A bare word is multiplied by `times` (a separate interval column); 'Every N ...'
 * already holds its interval, so it is not. A term we do not offer (every 4 months) becomes the
 * nearest one (the shorter of two as near, so no mail comes late), with a warning; days and weeks
 * are refused.
 */
export function readCycle(text: string, times = 1): Cycle {
  const cycle = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (cycle === '') return { kind: 'none' };
  if (SHORTER_THAN_A_MONTH.test(cycle)) {
    return { kind: 'unsupported', message: IMPORT_MESSAGES.cycleUnsupported(text.trim()) };
  }
  const every = /^every (\d{1,3}) (month|quarter|year)s?$/.exec(cycle);
  const words = CYCLE_WORDS[cycle];
  const months = every
    ? Number(every[1]) * UNIT_MONTHS[every[2]!]!
    : words === undefined
      ? NaN
      : words * times;
  if (!Number.isInteger(months) || months <= 0) {
    return { kind: 'unsupported', message: IMPORT_MESSAGES.cycleUnsupported(text.trim()) };
  }
  const terms = REPEATS.filter((r) => r.months > 0);
  const exact = terms.find((r) => r.months === months);
  if (exact) return { kind: 'term', repeats: exact.value };
  const nearest = terms.reduce((best, r) =>
    Math.abs(r.months - months) < Math.abs(best.months - months) ? r : best,
  );
  return {
    kind: 'term',
    repeats: nearest.value,
    rounded: IMPORT_MESSAGES.cycleRounded(text.trim(), nearest.label),
  };
}

/** A 'Repeats' value ('yearly'), label ('Every year') or a cycle another tracker writes ('Annual'). */
export function repeatsNamed(text: string): Repeats | null {
  const wanted = text.trim().toLowerCase();
  const named = REPEATS.find((r) => r.value === wanted || r.label.toLowerCase() === wanted)?.value;
  if (named) return named;
  const cycle = readCycle(text);
  return cycle.kind === 'term' && !cycle.rounded ? cycle.repeats : null;
}

/**
 * Another tracker's free-text category (or, failing that, the name) mapped onto ours by its words;
 * anything else (streaming, software, news) is a subscription.
 */
export function guessCategory(category: string, name: string): Category {
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

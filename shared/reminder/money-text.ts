/**
 * A sum of pounds as people type it, and as spreadsheets write it: the one reading every money field
 * and the import share, so '1,150', '£1,150.00' and ' 1150 ' are the same £1,150.00 wherever typed.
 *
 * Accepted: surrounding spaces; `£` or `GBP` (any case) before the number, or `GBP` after it;
 * thousands separated by commas (or by spaces, as some spreadsheets write them) only in groups of
 * three; a decimal point with the pence after it. Refused: a comma anywhere else ('1,15', '11,50'),
 * because a European decimal comma would otherwise be read as thousands and be a hundred times out;
 * exponents, hex, `+`, pence signs, other currencies. A minus sign is read, so the fields can say
 * 'cannot be negative' rather than 'not a number'. How many decimals a field allows is the field's
 * own rule: the reading says how many were typed.
 */

export type MoneyReading =
  /** Nothing typed (spaces only). */
  | { kind: 'blank' }
  /** An amount from 0; `decimals` is how many digits were typed after the point. */
  | { kind: 'pounds'; pounds: number; decimals: number }
  /** A well-formed amount with a minus sign. */
  | { kind: 'negative' }
  | { kind: 'invalid' };

/** A hyphen or the typographic minus a phone keyboard or a copied figure may give. */
const MINUS = /^[-\u2212]\s*/;
const BEFORE = /^(?:£|gbp)\s*/i;
const AFTER = /gbp$/i;
// Whole pounds: plain digits, or 1 to 3 digits then groups of exactly three, each after the same
// separator (a comma, or a space, no-break space or narrow no-break space). Anchored, and each
// repetition starts with its separator, so a long input cannot make the match backtrack.
const WHOLE = /^(?:\d+|[1-9]\d{0,2}([, \u00a0\u202f])\d{3}(?:\1\d{3})*)$/;
const PENCE = /^\d*$/;

/** Reads `text` as pounds; see the module's comment for what it takes. */
export function readMoneyText(text: string): MoneyReading {
  let rest = text.trim();
  if (rest === '') return { kind: 'blank' };
  let negative = MINUS.test(rest);
  rest = rest.replace(MINUS, '');
  const marked = BEFORE.test(rest);
  rest = rest.replace(BEFORE, '');
  // '£-5' as well as '-£5'; one minus at most.
  if (marked && !negative && MINUS.test(rest)) {
    negative = true;
    rest = rest.replace(MINUS, '');
  }
  // Sliced, not matched with the spaces before it: /\s*gbp$/ would try every run of spaces again.
  if (!marked && AFTER.test(rest)) rest = rest.slice(0, -3).trimEnd();
  const point = rest.indexOf('.');
  const whole = point === -1 ? rest : rest.slice(0, point);
  const pence = point === -1 ? '' : rest.slice(point + 1);
  // '.50' is 50p, '5.' is £5; a point alone is nothing.
  if (whole === '' ? pence === '' : !WHOLE.test(whole)) return { kind: 'invalid' };
  if (!PENCE.test(pence)) return { kind: 'invalid' };
  if (negative) return { kind: 'negative' };
  const pounds = Number(`${whole.replace(/\D/g, '') || '0'}.${pence || '0'}`);
  return { kind: 'pounds', pounds, decimals: pence.length };
}

/** The amount in pounds, null when blank; NaN for text that is not one (the schemas refuse it first). */
export function moneyTextPounds(text: string): number | null {
  const reading = readMoneyText(text);
  if (reading.kind === 'blank') return null;
  return reading.kind === 'pounds' ? reading.pounds : NaN;
}

/** Blank, or an amount in whole pence: at most two decimals typed. */
export function inWholePence(text: string): boolean {
  const reading = readMoneyText(text);
  return reading.kind !== 'pounds' || reading.decimals <= 2;
}

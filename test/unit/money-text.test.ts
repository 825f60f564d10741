/**
 * Money as people type it: one reading (shared/reminder/money-text.ts) for the reminder's amount, the outcome
 * page's amounts, a quote's price and an imported price. Thousands commas only where thousands are;
 * a European decimal comma is refused rather than read a hundred times out.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPounds } from '../../shared/dates.ts';
import { inWholePence, moneyTextPounds, readMoneyText } from '../../shared/reminder/money-text.ts';
import { QUOTE_MESSAGES, quoteFormSchema, quoteFormToInput } from '../../shared/quotes.ts';
import {
  nextRenewalFormSchema,
  nextRenewalFormToInput,
  SAVINGS_MESSAGES,
  savingsAmountSchema,
} from '../../shared/savingsSchemas.ts';
import { AMOUNT_MAX, MESSAGES, moneyText, moneyTextToAmount } from '../../shared/schemas/fields.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('readMoneyText', () => {
  it.each([
    ['1150', 1150],
    ['1,150', 1150],
    ['£1,150.00', 1150],
    [' 1150 ', 1150],
    ['£ 1,150', 1150],
    ['GBP 1,150.00', 1150],
    ['gbp1150', 1150],
    ['1,150.00 GBP', 1150],
    ['  £1,150.5\t', 1150.5],
    ['12,345.67', 12345.67],
    ['1,234,567.89', 1234567.89],
    ['100,000,000', 100_000_000],
    // Spreadsheets that group with spaces (a no-break or narrow one from a copied figure).
    ['1 150', 1150],
    ['£12\u00a0345.67', 12345.67],
    ['1\u202f150', 1150],
    ['0', 0],
    ['0.00', 0],
    ['£0.99', 0.99],
    ['.99', 0.99],
    ['£.5', 0.5],
    ['5.', 5],
    ['007', 7],
    ['10.999', 10.999],
    ['\u00a0£420\u00a0', 420],
  ])('reads %j as £%d', (typed, pounds) => {
    expect(readMoneyText(typed)).toMatchObject({ kind: 'pounds', pounds });
    expect(moneyTextPounds(typed)).toBe(pounds);
  });

  it('says how many decimals were typed', () => {
    expect(readMoneyText('£1,150')).toEqual({ kind: 'pounds', pounds: 1150, decimals: 0 });
    expect(readMoneyText('1,150.5')).toEqual({ kind: 'pounds', pounds: 1150.5, decimals: 1 });
    expect(readMoneyText('1,150.50')).toEqual({ kind: 'pounds', pounds: 1150.5, decimals: 2 });
    expect(readMoneyText('1.150')).toEqual({ kind: 'pounds', pounds: 1.15, decimals: 3 });
  });

  it.each(['', '   ', '\t'])('reads %j as blank', (typed) => {
    expect(readMoneyText(typed)).toEqual({ kind: 'blank' });
    expect(moneyTextPounds(typed)).toBeNull();
  });

  it.each(['-5', '-£5', '£-5', '- £1,150.00', '−12.50', 'GBP -3', '-0'])('reads %j as negative', (typed) => {
    expect(readMoneyText(typed)).toEqual({ kind: 'negative' });
  });

  it.each([
    // A European decimal comma, or commas in the wrong places: never a guess.
    '1,15',
    '11,50',
    '£11,50',
    '1.150,00',
    '1,1500',
    '1150,',
    ',150',
    '0,150',
    '1,,150',
    '1,150,00',
    '12,34,567',
    // Separators mixed, or a space in the wrong place.
    '1,234 567',
    '1 15',
    '11 50',
    // Not amounts, or not pounds.
    '.',
    '£',
    'GBP',
    '£.',
    '1e3',
    '0x10',
    '+5',
    'Infinity',
    'NaN',
    '12abc',
    '99p',
    '€5',
    '$5',
    '5 EUR',
    '£5 GBP',
    'GBP £5',
    '££5',
    '1.150.00',
    '--5',
    '(5)',
    '5-',
    '£5£',
  ])('refuses %j', (typed) => {
    expect(readMoneyText(typed)).toEqual({ kind: 'invalid' });
    expect(moneyTextPounds(typed)).toBeNaN();
  });

  it('reads any amount in pence as the app shows it, and as a spreadsheet or a person writes it', () => {
    const pence = fc.integer({ min: 0, max: AMOUNT_MAX * 100 });
    const around = fc.constantFrom('', ' ', '  ', '\t', '\u00a0');
    fc.assert(
      fc.property(pence, around, around, (p, before, after) => {
        const pounds = p / 100;
        const grouped = pounds.toLocaleString('en-GB', { maximumFractionDigits: 2 });
        for (const typed of [
          formatPounds(pounds),
          pounds.toFixed(2),
          String(pounds),
          grouped,
          `£${grouped}`,
          `GBP ${pounds.toFixed(2)}`,
          `${grouped} GBP`,
        ]) {
          expect(readMoneyText(`${before}${typed}${after}`)).toMatchObject({ kind: 'pounds', pounds });
          expect(inWholePence(typed)).toBe(true);
        }
        expect(readMoneyText(`-${formatPounds(pounds)}`)).toEqual({ kind: 'negative' });
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a comma that does not separate three digits, wherever it falls', () => {
    // Digits with one comma put anywhere but before a group of exactly three.
    const misplaced = fc
      .tuple(fc.stringMatching(/^[1-9]\d{0,6}$/), fc.stringMatching(/^\d{1,7}$/))
      .filter(([, after]) => after.length !== 3);
    fc.assert(
      fc.property(misplaced, fc.constantFrom('', '£', 'GBP '), ([before, after], mark) => {
        expect(readMoneyText(`${mark}${before},${after}`)).toEqual({ kind: 'invalid' });
        expect(readMoneyText(`${mark}${before},${after}.00`)).toEqual({ kind: 'invalid' });
      }),
    );
  });

  it('never reads a decimal comma: a European price is refused, not taken a hundred times over', () => {
    const european = fc.tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99 }));
    fc.assert(
      fc.property(european, ([whole, cents]) => {
        const typed = `${whole},${String(cents).padStart(2, '0')}`;
        expect(readMoneyText(typed)).toEqual({ kind: 'invalid' });
        expect(readMoneyText(`£${typed}`)).toEqual({ kind: 'invalid' });
      }),
    );
  });

  it('reads whatever text it is given without throwing, and what it reads is a non-negative amount', () => {
    const text = fc.oneof(fc.string(), fc.stringMatching(/^[£GBP\-−., 0-9]{0,20}$/));
    fc.assert(
      fc.property(text, (typed) => {
        const reading = readMoneyText(typed);
        if (reading.kind === 'pounds') {
          expect(reading.pounds).toBeGreaterThanOrEqual(0);
          expect(Number.isNaN(reading.pounds)).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('reads a very long input in linear time', () => {
    const started = performance.now();
    expect(readMoneyText(`1${',000'.repeat(50_000)},00`)).toEqual({ kind: 'invalid' });
    expect(readMoneyText(`${'1 '.repeat(50_000)}x`)).toEqual({ kind: 'invalid' });
    expect(readMoneyText(`1${' '.repeat(100_000)}x`)).toEqual({ kind: 'invalid' });
    expect(readMoneyText(`1${' '.repeat(100_000)}gbp`)).toEqual({ kind: 'pounds', pounds: 1, decimals: 0 });
    expect(readMoneyText(`£${' '.repeat(100_000)}1`)).toEqual({ kind: 'pounds', pounds: 1, decimals: 0 });
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('the money fields', () => {
  it('reminder amount and new price: one reading, the existing messages, no rule on decimals', () => {
    expect(moneyText.parse(' £1,150.00 ')).toBe('£1,150.00');
    expect(moneyTextToAmount('£1,150.00')).toBe(1150);
    expect(moneyTextToAmount('1,150')).toBe(1150);
    expect(moneyTextToAmount(' 1150 ')).toBe(1150);
    expect(moneyTextToAmount('  ')).toBeNull();
    expect(moneyTextToAmount('10.999')).toBe(10.999);
    for (const typed of ['1,15', '11,50', '£11,50', '12abc', '1e3']) {
      expect(messagesOf(moneyText.safeParse(typed))).toEqual([MESSAGES.amountInvalid]);
    }
    expect(messagesOf(moneyText.safeParse('-£5'))).toEqual([MESSAGES.amountNegative]);
    expect(messagesOf(moneyText.safeParse('£100,000,000.01'))).toEqual([MESSAGES.amountTooLarge]);
    expect(messagesOf(moneyText.safeParse('£100,000,000'))).toEqual([]);
  });

  it("'Your next renewal' sends a typed new price in pounds", () => {
    const values = nextRenewalFormSchema.parse({
      next_renewal_date: '2028-03-01',
      new_provider: 'Octopus',
      new_price: '£1,150.00',
      cancelled: false,
    });
    expect(nextRenewalFormToInput(values).new_price).toBe(1150);
    expect(messagesOf(nextRenewalFormSchema.safeParse({ ...values, new_price: '11,50' }))).toEqual([
      MESSAGES.amountInvalid,
    ]);
  });

  it('the amount saved: the same reading, its own messages, whole pence', () => {
    expect(savingsAmountSchema.parse('£1,150.00')).toBe(1150);
    expect(savingsAmountSchema.parse(' 1,150 ')).toBe(1150);
    expect(savingsAmountSchema.parse('')).toBe(0);
    expect(savingsAmountSchema.parse('£2,000,000')).toBe(1_000_000);
    expect(messagesOf(savingsAmountSchema.safeParse('11,50'))).toEqual([SAVINGS_MESSAGES.decimals]);
    expect(messagesOf(savingsAmountSchema.safeParse('£1,150.555'))).toEqual([SAVINGS_MESSAGES.decimals]);
    expect(messagesOf(savingsAmountSchema.safeParse('-£5'))).toEqual([SAVINGS_MESSAGES.negative]);
    expect(messagesOf(savingsAmountSchema.safeParse('1'.repeat(21)))).toEqual([SAVINGS_MESSAGES.tooLong]);
  });

  it("a quote's price: the same reading, whole pence", () => {
    const form = {
      provider: 'Aviva',
      price: '£1,150.00',
      quoted_on: '2027-05-01',
      notes: '',
      renewal_offer: false,
    };
    expect(quoteFormToInput(quoteFormSchema.parse(form)).price).toBe(1150);
    expect(quoteFormToInput(quoteFormSchema.parse({ ...form, price: ' 1,150 ' })).price).toBe(1150);
    expect(messagesOf(quoteFormSchema.safeParse({ ...form, price: '£1,150.555' }))).toEqual([
      QUOTE_MESSAGES.priceDecimals,
    ]);
    expect(messagesOf(quoteFormSchema.safeParse({ ...form, price: '11,50' }))).toEqual([
      MESSAGES.amountInvalid,
    ]);
  });
});

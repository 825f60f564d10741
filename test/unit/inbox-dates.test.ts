/**
 * The inbox's renewal date: read by its nearest words, day first, and left empty whenever it is
 * unsure. A wrong date shown as found is the one mistake the inbox must not make.
 */
import { describe, expect, it } from 'vitest';
import { extractRenewal } from '../../lambdas/features/inbox/extract/index.ts';
import { cueBefore, findDates } from '../../lambdas/features/inbox/extract/dates.ts';
import { EMPTY_ORIGIN } from '../../lambdas/features/inbox/document.ts';
import { toLines } from '../../lambdas/features/inbox/lines.ts';

const TODAY = '2026-11-28';
const fieldsOf = (text: string, today = TODAY) =>
  extractRenewal(
    { kind: 'text', lines: toLines(text), origin: EMPTY_ORIGIN, sender: null, subject: null },
    { today },
  );
const dateOf = (text: string, today = TODAY) => {
  const f = fieldsOf(text, today);
  return f.renewal_date && `${f.renewal_date} ${f.date_kind}`;
};

describe('a date and the words before it', () => {
  it.each([
    ['Your policy renews on 14 March 2027.', '2027-03-14 renewal'],
    ['We will renew your cover automatically on 14/03/2027 unless you tell us not to.', '2027-03-14 renewal'],
    ['Your home insurance is due for renewal on 7th January 2027', '2027-01-07 renewal'],
    ['Renewal date: Friday 18 December 2026', '2026-12-18 renewal'],
    ['Your new policy starts on 22 January 2027.', '2027-01-22 renewal'],
    ['Your fixed rate ends on 31 May 2027, after which you move to our SVR.', '2027-05-31 deal_end'],
    ['Your Octopus 12M Fixed tariff comes to an end on 4 January 2027', '2027-01-04 deal_end'],
    ['The 0% promotional rate on your balance transfer ends on 31 January 2027.', '2027-01-31 deal_end'],
    ['Your price is fixed until 30 April 2027.', '2027-04-30 deal_end'],
    ['We are writing about the end of your contract on 23 December 2026.', '2026-12-23 deal_end'],
    ['Your current product matures on 31 July 2027.', '2027-07-31 deal_end'],
    ['Vehicle tax for AB12 CDE is due on 1 February 2027.', '2027-02-01 renewal'],
    ['The MOT for this vehicle expires on 17 January 2027.', '2027-01-17 renewal'],
    ['Your next payment of £24.99 will be taken on 1 December 2026.', '2026-12-01 next_payment'],
    ['14 March 2027 is your renewal date.', '2027-03-14 renewal'],
    ['Renewal date\n04/01/2027', '2027-01-04 renewal'],
  ])('%s', (text, expected) => {
    expect(dateOf(text)).toBe(expected);
  });

  it.each([
    ['dated', 'Letter dated 14 November 2026.'],
    ['valid until', 'This quote is valid until 12 December 2026.'],
    ['from (a price change)', 'From 1 April 2027 your monthly price will go up by £4.'],
    ['cancel by', 'You can cancel any time before 7 January 2027.'],
    ['a past payment', 'Payment received 02/11/2026.'],
    ['a birth date', 'Date of birth: 12/05/1980.'],
    ['a statement', 'Statement date: 23 November 2026.'],
    ['no words at all', 'AB12 CDE 14 March 2027 Ford Focus'],
    ['a question', 'Does your current policy renew on 2 January 2027?'],
    ['a day not written', 'Your vehicle tax expires at the end of December 2026.'],
    ['a month alone', 'Your price changes in January 2027.'],
  ])('no date: %s', (_, text) => {
    expect(fieldsOf(text).renewal_date).toBeNull();
  });

  it('lets the nearest words win: a renewal date after a quote date on one line', () => {
    expect(dateOf('Quote valid until 12 December 2026. Your policy renews on 14 March 2027.')).toBe(
      '2027-03-14 renewal',
    );
    expect(cueBefore('your policy renews automatically on ')).toEqual({ kind: 'renewal', strength: 2 });
    expect(cueBefore('this quote expires on ')).toMatchObject({ kind: 'none' });
    expect(cueBefore('your renewal date was ')).toMatchObject({ kind: 'none', negative: true });
  });
});

describe('unsure is empty', () => {
  it('gives no date when two strong candidates disagree', () => {
    expect(
      fieldsOf('Your contract ends on 3 March 2027.\nYour contract ends on 10 March 2027.').renewal_date,
    ).toBeNull();
  });

  it("takes a policy's new start over its old end the day before", () => {
    expect(
      dateOf(
        'Your current policy expires at midnight on 21 January 2027. Your new policy will start on 22 January 2027.',
      ),
    ).toBe('2027-01-22 renewal');
  });

  it('takes a range of cover by its start while it is ahead, and by its end once it has begun', () => {
    expect(dateOf('Your renewal\nPeriod of insurance: 15/12/2026 to 14/12/2027')).toBe('2026-12-15 renewal');
    // A new policy's schedule: its start is no renewal.
    expect(
      fieldsOf('Your new policy\nPeriod of insurance: 15/12/2026 to 14/12/2027').renewal_date,
    ).toBeNull();
    expect(dateOf('Contract period: 01/02/2025 - 31/01/2027')).toBe('2027-01-31 deal_end');
    expect(fieldsOf('Previous period 06.01.2026 to 05.01.2027').renewal_date).toBeNull();
  });

  it('drops a date in the past of the letter and one too far ahead', () => {
    expect(fieldsOf('Your policy renewed on 14 March 2026.').renewal_date).toBeNull();
    expect(fieldsOf('Your policy renews on 14 March 2045.').renewal_date).toBeNull();
  });

  it('drops a date whose weekday does not fit it', () => {
    // 14 March 2027 is a Sunday.
    expect(fieldsOf('Your policy renews on Tuesday 14 March 2027.').renewal_date).toBeNull();
    expect(dateOf('Your policy renews on Sunday 14 March 2027.')).toBe('2027-03-14 renewal');
  });

  it('reads figures day first, and not at all in a letter written month first', () => {
    expect(dateOf('Your plan renews on 04/05/2027. Price: £9.99 a month')).toBe('2027-05-04 renewal');
    // A month-first date elsewhere in the letter (11/28) makes 04/05/2027 either day.
    expect(fieldsOf('Your plan renews on 04/05/2027.\nInvoice date: 11/28/2026').renewal_date).toBeNull();
    // Dollars and no pounds: an American letter.
    expect(fieldsOf('Your plan renews on 04/05/2027. Amount: $99.00').renewal_date).toBeNull();
    // Only one reading is a date: 12/31/2027 can only be 31 December.
    expect(dateOf('Your plan renews on 12/31/2027. Amount: $99.00')).toBe('2027-12-31 renewal');
    expect(dateOf('Your plan renews on March 14, 2027.')).toBe('2027-03-14 renewal');
  });

  it('reads a date with no year as the next one after the letter, and none without a reference day', () => {
    const lines = toLines('Your policy renews on 14 March.');
    expect(findDates(lines, '2026-11-28').map((d) => d.date)).toEqual(['2027-03-14']);
    expect(findDates(lines, null)).toEqual([]);
  });

  it('dates by the letter, not by today, when the letter has a date', () => {
    const doc = {
      kind: 'mail' as const,
      lines: ['Your policy renews on 14 March 2026.'],
      origin: { ...EMPTY_ORIGIN, date: '2026-02-01' },
      sender: null,
      subject: null,
    };
    expect(extractRenewal(doc, { today: '2026-11-28' }).renewal_date).toBe('2026-03-14');
  });

  it('reads a policy start as a renewal only in a document about renewing', () => {
    expect(
      fieldsOf('Thanks for your quote for car insurance.\nPolicy start date: 1 January 2027').renewal_date,
    ).toBeNull();
    expect(dateOf('Your renewal documents\nPolicy start date: 1 January 2027')).toBe('2027-01-01 renewal');
  });

  it('reads no further than the reader keeps (200,000 characters), however the lines were made', () => {
    const filler = Array.from({ length: 200 }, () => 'x'.repeat(1_000));
    expect(fieldsOf([...filler, 'Your policy renews on 14 March 2027.'].join('\n')).renewal_date).toBeNull();
    expect(
      fieldsOf([...filler.slice(1), 'Your policy renews on 14 March 2027.'].join('\n')).renewal_date,
    ).toBe('2027-03-14');
  });

  it('keeps the line the date came from, trimmed and cut to 200 characters', () => {
    const long = `Your policy renews on 14 March 2027 ${'and more words '.repeat(30)}`;
    const { sources } = fieldsOf(`  ${long}`);
    expect(sources.renewal_date).toHaveLength(200);
    expect(sources.renewal_date!.startsWith('Your policy renews on 14 March 2027')).toBe(true);
    expect(sources.date_kind).toBe(sources.renewal_date);
  });
});

/**
 * 'Price rises in April': the projected price (index + 3.9% to the nearest penny, a half penny up; a
 * rise a month scaled to the payment), the published figures and the caveat while April's is not
 * out, the schemas (closed lists, whole pence, telecoms only), the roll forward, the export and its
 * import, 1 March's 'What to do this week' and the line in March's reminder mails.
 */
import { describe, expect, it } from 'vitest';
import type { Reminder } from '../../shared/api.ts';
import { remindersCsv } from '../../shared/csv.ts';
import { readImportFile } from '../../shared/import.ts';
import { actionsDue } from '../../shared/reminder/actions.ts';
import { figuresFor, PUBLISHED_FIGURES } from '../../shared/reminder/inflationFigures.ts';
import { rolled } from '../../shared/reminder/outcome.ts';
import {
  afterPercentPence,
  inRiseMonth,
  nextRiseDay,
  priceRiseLine,
  projectedPrice,
  risePerPaymentPence,
  type PriceRise,
} from '../../shared/reminder/priceRise.ts';
import { priceRiseSchema, PRICE_RISE_MESSAGES } from '../../shared/reminder/priceRiseSchema.ts';
import {
  reminderFormSchema,
  reminderFormToInput,
  reminderInputSchema,
} from '../../shared/schemas/reminder.ts';
import { reminderText } from '../../lambdas/mail/reminder.ts';
import { oneOffContract } from '../../lambdas/store/reminders/index.ts';
import { aReminderForm } from '../support/builders.ts';

const CPI: PriceRise = { kind: 'cpi_3_9' };
const RPI: PriceRise = { kind: 'rpi_3_9' };
const THREE_POUNDS: PriceRise = { kind: 'pounds', pence_a_month: 300 };
// April 2026's own figures are out (December 2025: CPI 3.4%, RPI 4.2%).
const IN_FEBRUARY_2026 = '2026-02-10';

const broadband = (over: Partial<Reminder> = {}): Reminder => ({
  id: 'bb',
  user_id: 'u1',
  title: 'Broadband',
  category: 'broadband_mobile',
  provider: 'BT',
  renewal_date: '2027-09-30',
  amount: 29.35,
  notes: null,
  ...oneOffContract('2027-09-30'),
  billing: 'monthly',
  price_rise: CPI,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('the arithmetic', () => {
  it('raises by tenths of a percent to the nearest penny, a half penny up', () => {
    expect(afterPercentPence(2935, 73)).toBe(3149); // 3149.255
    expect(afterPercentPence(500, 73)).toBe(537); // 536.5
    expect(afterPercentPence(2000, 81)).toBe(2162);
    expect(afterPercentPence(1, 73)).toBe(1);
  });

  it('scales a rise a month to the payment: a year is twelve, a week twelve over 52', () => {
    expect(risePerPaymentPence(300, 'monthly')).toBe(300);
    expect(risePerPaymentPence(300, 'quarterly')).toBe(900);
    expect(risePerPaymentPence(300, 'yearly')).toBe(3600);
    expect(risePerPaymentPence(300, 'two_yearly')).toBe(7200);
    expect(risePerPaymentPence(300, 'weekly')).toBe(69); // 69.23
    expect(risePerPaymentPence(300, 'none')).toBeNull();
  });
});

describe('the projection', () => {
  it('uses that April’s CPI or RPI once published, and says so plainly', () => {
    expect(projectedPrice(broadband(), IN_FEBRUARY_2026)).toMatchObject({
      april: 2026,
      pence: 3149,
      rate: { percent: 7.3, known: true },
    });
    expect(priceRiseLine(broadband(), IN_FEBRUARY_2026)).toBe('From April: £31.49 a month (CPI + 3.9%)');
    expect(priceRiseLine(broadband({ amount: 20, price_rise: RPI }), IN_FEBRUARY_2026)).toBe(
      'From April: £21.62 a month (RPI + 3.9%)',
    );
  });

  it('projects a later April with the latest published figure, and says that', () => {
    expect(projectedPrice(broadband(), '2026-11-29')).toMatchObject({ april: 2027, rate: { known: false } });
    expect(priceRiseLine(broadband(), '2026-11-29')).toBe(
      'From April: £31.49 a month (CPI + 3.9%, projected with the latest published figure)',
    );
    expect(figuresFor(2025)).toBeNull();
    for (const row of PUBLISHED_FIGURES) expect(row.source.url).toMatch(/^https:\/\/www\.ons\.gov\.uk\//);
  });

  it('adds a rise in pounds for the payment the reminder has', () => {
    const pounds = (over: Partial<Reminder>) =>
      priceRiseLine(broadband({ price_rise: THREE_POUNDS, ...over }), '2026-11-29');
    expect(pounds({})).toBe('From April: £32.35 a month (£3.00 a month more)');
    expect(pounds({ amount: 360, billing: 'yearly' })).toBe(
      'From April: £396.00 a year (£3.00 a month more)',
    );
    expect(pounds({ amount: 90, billing: 'quarterly' })).toBe(
      'From April: £99.00 every 3 months (£3.00 a month more)',
    );
  });

  it('says nothing without an amount, a rise, or for a one-off payment', () => {
    expect(priceRiseLine(broadband({ amount: null }), IN_FEBRUARY_2026)).toBeNull();
    expect(priceRiseLine(broadband({ price_rise: null }), IN_FEBRUARY_2026)).toBeNull();
    expect(priceRiseLine(broadband({ billing: 'none' }), IN_FEBRUARY_2026)).toBeNull();
  });

  it('counts to this year’s 1 April until it has come; March is the month before', () => {
    expect(nextRiseDay('2027-03-31')).toBe('2027-04-01');
    expect(nextRiseDay('2027-04-01')).toBe('2027-04-01');
    expect(nextRiseDay('2027-04-02')).toBe('2028-04-01');
    expect([inRiseMonth('2027-02-28'), inRiseMonth('2027-03-01'), inRiseMonth('2027-03-31')]).toEqual([
      false,
      true,
      true,
    ]);
    expect(inRiseMonth('2027-04-01')).toBe(false);
  });
});

describe('the schemas', () => {
  it('takes the closed list, or a rise a month in whole pence up to £1,000', () => {
    for (const ok of [CPI, RPI, THREE_POUNDS, { kind: 'pounds', pence_a_month: 100_000 }])
      expect(priceRiseSchema.safeParse(ok).success).toBe(true);
    for (const bad of [
      { kind: 'cpi' },
      { kind: 'pounds', pence_a_month: 0 },
      { kind: 'pounds', pence_a_month: 1.5 },
      { kind: 'pounds', pence_a_month: 100_001 },
      { kind: 'cpi_3_9', pence_a_month: 300 },
      'CPI + 3.9%',
    ])
      expect(priceRiseSchema.safeParse(bad).success).toBe(false);
  });

  it('keeps a rise for Broadband & Mobile only', () => {
    const base = { title: 'X', provider: 'Y', renewal_date: '2027-09-30', price_rise: CPI };
    expect(reminderInputSchema.parse({ ...base, category: 'broadband_mobile' }).price_rise).toEqual(CPI);
    const refused = reminderInputSchema.safeParse({ ...base, category: 'insurance' });
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['price_rise', PRICE_RISE_MESSAGES.notTelecoms],
    ]);
  });

  it('reads the dialog’s fields: a £ amount in pounds and pence, dropped for another category', () => {
    const form = aReminderForm({
      title: 'Broadband',
      category: 'broadband_mobile',
      provider: 'BT',
      renewal_date: '2027-09-30',
      amount: '29.35',
      billing: 'monthly',
      date_kind: 'deal_end',
      price_rise: 'pounds',
    });
    const amountError = (text: string) =>
      reminderFormSchema
        .safeParse({ ...form, price_rise_amount: text })
        .error?.issues.find((i) => i.path[0] === 'price_rise_amount')?.message;
    expect(amountError('3.001')).toBe(PRICE_RISE_MESSAGES.amountInvalid);
    expect(amountError('0')).toBe(PRICE_RISE_MESSAGES.amountInvalid);
    expect(amountError('three')).toBe(PRICE_RISE_MESSAGES.amountInvalid);
    expect(amountError('£3.00')).toBeUndefined();
    const values = reminderFormSchema.parse({ ...form, price_rise_amount: '£3.00' });
    expect(reminderFormToInput(values).price_rise).toEqual(THREE_POUNDS);
    expect(reminderFormToInput({ ...values, price_rise: 'rpi_3_9' }).price_rise).toEqual(RPI);
    expect(reminderFormToInput({ ...values, price_rise: '' }).price_rise).toBeNull();
    expect(reminderFormToInput({ ...values, category: 'insurance' }).price_rise).toBeNull();
  });
});

describe('the rise over time', () => {
  it('recurs while the contract goes on, and a new deal drops it', () => {
    const now = new Date('2027-10-14T09:00:00Z');
    const next = (provider: string | null, amount: number | null) =>
      rolled(broadband(), { renewal_date: '2028-09-30', provider, amount, reanchor: false }, now).price_rise;
    // The job's roll, and 'I renewed as is'.
    expect(next(null, null)).toEqual(CPI);
    expect(next('bt ', null)).toEqual(CPI);
    // 'I switched', 'I haggled a better price'.
    expect(next('Sky', 25)).toBeNull();
    expect(next(null, 25)).toBeNull();
  });

  it("is said in 'What to do this week' from 1 March for a week, with the price", () => {
    const due = (today: string) => actionsDue([broadband()], today).filter((a) => a.kind === 'april_rise');
    expect(due('2027-02-28')).toEqual([]);
    expect(due('2027-03-01')).toEqual([
      {
        reminderId: 'bb',
        title: 'Broadband',
        kind: 'april_rise',
        date: '2027-03-01',
        what: 'Your price rises on 1 April. From April: £31.49 a month (CPI + 3.9%, projected with the latest published figure)',
        canMarkDone: false,
      },
    ]);
    expect(due('2027-03-08')).toHaveLength(1);
    expect(due('2027-03-09')).toEqual([]);
  });

  it('is a line in the reminder mails of March, and only then', () => {
    const facts = (daysLeft: number) =>
      reminderText(broadband({ renewal_date: '2027-03-31' }), daysLeft, 'https://x', 'https://y').facts;
    // 30 days before 31 March is 1 March; 31 days before is 28 February.
    expect(facts(30)).toContain(
      'Your price rises on 1 April. From April: £31.49 a month (CPI + 3.9%, projected with the latest published figure).',
    );
    expect(facts(31) ?? '').not.toContain('Your price rises');
  });
});

describe('the export', () => {
  it('writes the rise as the dialog names it, and its import reads it back', () => {
    const csv = remindersCsv([
      broadband({ title: 'A' }),
      broadband({ title: 'B', price_rise: THREE_POUNDS }),
      broadband({ title: 'C', price_rise: null }),
    ]);
    expect(csv.split('\r\n')[0]).toMatch(/,Price rises in April$/);
    expect(
      csv
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',').at(-1)),
    ).toEqual(['CPI + 3.9%', '£3.00 a month', '']);
    const file = readImportFile('export.csv', new TextEncoder().encode(csv));
    expect(file.ok && file.rows.map((r) => r.reminder?.price_rise)).toEqual([CPI, THREE_POUNDS, null]);
  });
});

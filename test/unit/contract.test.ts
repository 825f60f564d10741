/**
 * A reminder's two facts apart: how it is paid and what its date is. Whatever way a deal is paid, its
 * end gets its category's lead days; only a rolling charge gets one mail before each charge.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATEGORY_VALUES, leadDaysFor } from '../../shared/reminder/categories.ts';
import {
  contractOf,
  DEAL_CATEGORIES,
  DEFAULT_CONTRACT,
  dateVerb,
  legacyContract,
  leadDaysOf,
  ROLLING_LEAD_DAYS,
} from '../../shared/reminder/contract.ts';
import { amountShown, yearlyAmount } from '../../shared/reminder/money.ts';
import { reminderSchedule, rollDate } from '../../shared/reminder/schedule.ts';
import { actionWindows } from '../../shared/reminder/windows.ts';
import { nextRenewalAfter, REPEATS_VALUES } from '../../shared/reminder/terms.ts';
import { reminderInputSchema } from '../../shared/schemas/reminder.ts';

const category = fc.constantFrom(...CATEGORY_VALUES);
const billing = fc.constantFrom(...REPEATS_VALUES);

describe('the contract', () => {
  it('gives every category its defaults: deals that end paid monthly, yearly renewals, rolling subscriptions', () => {
    expect(Object.keys(DEFAULT_CONTRACT).sort()).toEqual([...CATEGORY_VALUES].sort());
    for (const c of ['mortgage', 'utilities_energy', 'broadband_mobile', 'credit_cards'] as const)
      expect(DEFAULT_CONTRACT[c]).toEqual({ billing: 'monthly', date_kind: 'deal_end', repeats: 'none' });
    expect(DEFAULT_CONTRACT.insurance).toEqual({
      billing: 'yearly',
      date_kind: 'renewal',
      repeats: 'yearly',
    });
    expect(DEFAULT_CONTRACT.subscriptions).toEqual({
      billing: 'monthly',
      date_kind: 'next_payment',
      repeats: 'monthly',
    });
    expect(DEAL_CATEGORIES.sort()).toEqual([
      'broadband_mobile',
      'credit_cards',
      'mortgage',
      'utilities_energy',
    ]);
  });

  it('gives a deal in any category, paid any way, its category’s lead days, windows and no monthly roll', () => {
    fc.assert(
      fc.property(category, billing, (c, b) => {
        const contract = contractOf(c, { billing: b, date_kind: 'deal_end' });
        expect(contract).toEqual({ billing: b, date_kind: 'deal_end', repeats: 'none' });
        const reminder = { id: 'r', user_id: 'u', category: c, renewal_date: '2027-04-29', ...contract };
        expect(leadDaysOf(reminder)).toEqual(leadDaysFor(c));
        const leads = reminderSchedule(reminder).filter((m) => m.type === 'reminder');
        expect(leads.map((m) => m.daysBefore)).toEqual([...leadDaysFor(c)].sort((x, y) => y - x));
        // The windows follow the deal's end, whatever the payments.
        expect(actionWindows(reminder)).toEqual(actionWindows({ category: c, renewal_date: '2027-04-29' }));
        // A deal that ended waits for the new one: it never adds a month by itself.
        expect(rollDate(reminder)).toBeNull();
        expect(nextRenewalAfter('2027-04-29', contract.repeats, '2027-04-29')).toBeNull();
      }),
    );
  });

  it('gives a renewal its category’s lead days too, and only a rolling charge one mail before each charge', () => {
    fc.assert(
      fc.property(category, billing, (c, b) => {
        const renewal = contractOf(c, { billing: b, date_kind: 'renewal' });
        expect(leadDaysOf({ category: c, ...renewal })).toEqual(leadDaysFor(c));
        expect(renewal.repeats).not.toBe('none');
        const rolling = contractOf(c, { billing: b, date_kind: 'next_payment' });
        if (b === 'none') {
          // A one-off payment has no next charge: it is a date that ends.
          expect(rolling.date_kind).toBe('deal_end');
        } else {
          expect(rolling).toEqual({ billing: b, date_kind: 'next_payment', repeats: b });
          expect(leadDaysOf({ category: c, ...rolling })).toEqual(ROLLING_LEAD_DAYS);
        }
      }),
    );
  });

  it('says what the date is in words: a deal ends, a term renews, car tax and MOT are due', () => {
    expect(dateVerb({ category: 'mortgage', date_kind: 'deal_end' })).toBe('ends');
    expect(dateVerb({ category: 'broadband_mobile', date_kind: 'deal_end' })).toBe('ends');
    expect(dateVerb({ category: 'insurance', date_kind: 'renewal' })).toBe('renews');
    expect(dateVerb({ category: 'subscriptions', date_kind: 'next_payment' })).toBe('renews');
    expect(dateVerb({ category: 'car_tax_mot', date_kind: 'renewal' })).toBe('is due');
  });

  it('keeps the money apart from the date: a monthly-paid mortgage costs twelve payments a year', () => {
    const mortgage = contractOf('mortgage', {});
    expect(amountShown(1150, mortgage.billing)).toBe('£1,150.00/month · £13,800.00/yr');
    expect(yearlyAmount(1150, mortgage.billing)).toBe(13800);
    expect(yearlyAmount(10, 'weekly')).toBe(520);
    expect(yearlyAmount(100, 'none')).toBeNull();
    // An insurance policy renewing yearly, paid monthly.
    expect(contractOf('insurance', { billing: 'monthly' })).toEqual({
      billing: 'monthly',
      date_kind: 'renewal',
      repeats: 'yearly',
    });
  });

  it('reads a reminder saved before the facts were apart as it behaved, and asks a cut-down deal when it ends', () => {
    for (const c of DEAL_CATEGORIES)
      expect(legacyContract(c, 'monthly')).toEqual({
        billing: 'monthly',
        date_kind: 'next_payment',
        repeats: 'monthly',
        ask_deal_end: true,
      });
    expect(legacyContract('subscriptions', 'monthly').ask_deal_end).toBe(false);
    expect(legacyContract('insurance', 'yearly')).toEqual({
      billing: 'yearly',
      date_kind: 'renewal',
      repeats: 'yearly',
      ask_deal_end: false,
    });
    expect(legacyContract('mortgage', 'none')).toMatchObject({ date_kind: 'deal_end', ask_deal_end: false });
    // A one-off insurance date renews on that day, as it always read; it just does not repeat.
    expect(legacyContract('insurance', 'none')).toMatchObject({ date_kind: 'renewal', repeats: 'none' });
  });

  it('takes the two facts through the API, refusing a rolling one-off and a weekly renewal term', () => {
    const base = {
      title: 'Mortgage',
      category: 'mortgage',
      provider: 'Nationwide',
      renewal_date: '2027-04-29',
    };
    expect(reminderInputSchema.parse({ ...base, billing: 'monthly', date_kind: 'deal_end' })).toMatchObject({
      billing: 'monthly',
      date_kind: 'deal_end',
      repeats: 'none',
      ask_deal_end: false,
    });
    // A client that sends only `repeats` gets what it meant before: here, a cut-down deal to ask about,
    // still asked when the route's output is parsed again by the store.
    const legacy = reminderInputSchema.parse({ ...base, repeats: 'monthly' });
    expect(legacy).toMatchObject({ billing: 'monthly', date_kind: 'next_payment', ask_deal_end: true });
    expect(reminderInputSchema.parse(legacy)).toEqual(legacy);
    // A one-off insurance date from such a client renews on that day only, parsed once or twice.
    const oneOff = reminderInputSchema.parse({ ...base, category: 'insurance' });
    expect(oneOff).toMatchObject({ date_kind: 'renewal', repeats: 'none' });
    expect(reminderInputSchema.parse(oneOff)).toEqual(oneOff);
    const refused = (body: object) =>
      reminderInputSchema.safeParse({ ...base, ...body }).error?.issues.map((i) => i.message);
    // A sub-penny amount (as small as 5e-324, past what DynamoDB stores) is a 400, not a failed write.
    expect(refused({ amount: 5e-324 })).toEqual(['Amount is too small to keep: give it in pounds and pence']);
    expect(refused({ amount: 0.29 })).toBeUndefined();
    expect(refused({ billing: 'none', date_kind: 'next_payment' })).toEqual([
      'A rolling payment needs how often you pay: choose one other than One-off payment',
    ]);
    expect(refused({ billing: 'weekly', date_kind: 'renewal', repeats: 'weekly' })).toEqual([
      'A renewal’s term is a month or longer',
    ]);
    expect(refused({ billing: 'monthly', date_kind: 'someday' })?.[0]).toMatch(
      /^What the date is must be one of/,
    );
  });
});

/**
 * UK action windows: every category's windows on fixed dates (month ends and 29 February included),
 * the lender table, the act-by and monthly rules, and generated properties: every window is on or
 * before the renewal, and a window is never dated before its rule allows.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CATEGORY_VALUES } from '../../shared/reminder/categories.ts';
import { LENDERS, LENDER_VALUES, lenderOf, providerForLender } from '../../shared/reminder/lenders.ts';
import { actionWindows, windowOf, type WindowReminder } from '../../shared/reminder/windows.ts';
import { REPEATS_VALUES } from '../../shared/reminder/terms.ts';
import { VEHICLE_DATES } from '../../shared/vehicles.ts';

const windows = (reminder: WindowReminder) =>
  actionWindows(reminder).map((w) => [w.kind, w.date, w.daysBefore, w.label]);
/** A Car Tax / MOT reminder that is the car's MOT ('What is due?' MOT). */
const mot = (renewal_date: string): WindowReminder => ({
  category: 'car_tax_mot',
  renewal_date,
  vehicle_date: 'mot',
});

describe('actionWindows, per category', () => {
  it('insurance: the best day for quotes 26 days before, with the 18 to 28 day range', () => {
    const [best] = actionWindows({ category: 'insurance', renewal_date: '2027-04-01' });
    expect(windows({ category: 'insurance', renewal_date: '2027-04-01' })[0]).toEqual([
      'best_quotes',
      '2027-03-06',
      26,
      'Best time to get quotes',
    ]);
    expect(best).toMatchObject({
      action: 'today is the best day to get quotes',
      range: { from: '2027-03-04', to: '2027-03-14' },
    });
    expect(best!.source.url).toMatch(/^https:\/\//);
  });

  it('mortgage: the lender’s window in months, and six months for another lender or none', () => {
    expect(windows({ category: 'mortgage', renewal_date: '2027-09-15', lender: 'barclays' })).toEqual([
      ['lock_in_deal', '2027-06-15', 92, 'You can usually lock in a new deal from today'],
    ]);
    expect(windows({ category: 'mortgage', renewal_date: '2027-09-15', lender: 'hsbc' })[0]![1]).toBe(
      '2027-03-15',
    );
    expect(windows({ category: 'mortgage', renewal_date: '2027-09-15', lender: 'nationwide' })[0]![1]).toBe(
      '2027-05-15',
    );
    const other = windows({ category: 'mortgage', renewal_date: '2027-09-15', lender: 'other' });
    expect(other).toEqual(windows({ category: 'mortgage', renewal_date: '2027-09-15' }));
    expect(other[0]![1]).toBe('2027-03-15');
  });

  it('energy: no exit fees from 49 days, the end-of-fix notice due by 42 days', () => {
    expect(windows({ category: 'utilities_energy', renewal_date: '2027-01-31' })).toEqual([
      ['no_exit_fees', '2026-12-13', 49, 'No exit fees from today'],
      ['end_of_fix_notice', '2026-12-20', 42, 'Your end-of-fix notice is due by now'],
    ]);
  });

  it('broadband and mobile: the end-of-contract notice due by 10 days, with the INFO to 85075 tip', () => {
    const [notice] = actionWindows({ category: 'broadband_mobile', renewal_date: '2027-03-05' });
    expect(windows({ category: 'broadband_mobile', renewal_date: '2027-03-05' })).toEqual([
      ['end_of_contract_notice', '2027-02-23', 10, 'Your end-of-contract notice is due by now'],
    ]);
    expect(notice!.tip).toContain('text INFO to 85075');
  });

  it('car tax / MOT: the MOT a month minus a day before, as GOV.UK’s 15 May → 16 April', () => {
    expect(windows(mot('2027-05-15'))).toEqual([
      ['early_mot', '2027-04-16', 29, 'You can take your MOT from today and keep your date'],
    ]);
  });

  it('car tax / MOT: the car tax gets no MOT window, whichever way the reminder says it is the tax', () => {
    const renewal = { category: 'car_tax_mot', renewal_date: '2027-05-15' } as const;
    expect(actionWindows({ ...renewal, vehicle_date: 'tax' })).toEqual([]);
    // Stored before 'What is due?': the date its kept registration follows, else its title.
    expect(actionWindows({ ...renewal, kept_vehicle: { follows: 'tax' } })).toEqual([]);
    expect(actionWindows({ ...renewal, title: 'Ford car tax' })).toEqual([]);
    // A title that tells neither (or both) gets no MOT-specific window either.
    expect(actionWindows({ ...renewal, title: 'Ford' })).toEqual([]);
    expect(actionWindows({ ...renewal, title: 'Car tax / MOT' })).toEqual([]);
    // The MOT, told the same ways, gets it.
    for (const told of [{ kept_vehicle: { follows: 'mot' } }, { title: 'Ford MOT' }] as const)
      expect(windows({ ...renewal, ...told }).map(([kind]) => kind)).toEqual(['early_mot']);
    // What is due, once chosen, wins over the title.
    expect(actionWindows({ ...renewal, title: 'Ford MOT', vehicle_date: 'tax' })).toEqual([]);
  });

  it('credit cards and subscriptions: none (nothing sourced)', () => {
    expect(actionWindows({ category: 'credit_cards', renewal_date: '2027-05-15' })).toEqual([]);
    expect(actionWindows({ category: 'subscriptions', renewal_date: '2027-05-15' })).toEqual([]);
  });
});

describe('actionWindows, calendar edges', () => {
  it('month ends: a month or months back keep to the shorter month’s end, then the MOT day after', () => {
    // 31 March 2027 less a month is 28 February (no 29th in 2027): the MOT window opens 1 March.
    expect(windows(mot('2027-03-31'))[0]![1]).toBe('2027-03-01');
    // 31 May less 3 months is 29 February in a leap year.
    expect(windows({ category: 'mortgage', renewal_date: '2028-05-31', lender: 'barclays' })[0]![1]).toBe(
      '2028-02-29',
    );
    expect(windows({ category: 'mortgage', renewal_date: '2027-05-31', lender: 'barclays' })[0]![1]).toBe(
      '2027-02-28',
    );
    // 31 December less 49 days crosses no month end problem: 12 November.
    expect(windows({ category: 'utilities_energy', renewal_date: '2026-12-31' })[0]![1]).toBe('2026-11-12');
  });

  it('29 February: as a renewal, and as a day a window counts back across', () => {
    expect(windows(mot('2028-02-29'))[0]![1]).toBe('2028-01-30');
    expect(windows(mot('2028-03-29'))[0]![1]).toBe('2028-03-01');
    expect(windows({ category: 'insurance', renewal_date: '2028-03-10' })[0]![1]).toBe('2028-02-13');
    expect(windows({ category: 'insurance', renewal_date: '2028-03-26' })[0]![1]).toBe('2028-02-29');
    expect(windows({ category: 'mortgage', renewal_date: '2028-08-29', lender: 'hsbc' })[0]![1]).toBe(
      '2028-02-29',
    );
  });

  it('a window before today is still listed (the page shows it as passed; the job sends only from the day a reminder was added)', () => {
    // A renewal 5 days away: every insurance window lies in the past, and is still the renewal's own.
    const [best] = actionWindows({ category: 'insurance', renewal_date: '2026-12-02' });
    expect(best!.date < '2026-11-27').toBe(true);
  });

  it('none after the act-by date, and none for a monthly charge', () => {
    expect(
      actionWindows({ category: 'insurance', renewal_date: '2027-04-01', act_by: '2027-03-01' }),
    ).toEqual([]);
    expect(
      windows({ category: 'utilities_energy', renewal_date: '2027-01-31', act_by: '2026-12-15' }),
    ).toEqual([['no_exit_fees', '2026-12-13', 49, 'No exit fees from today']]);
    expect(
      actionWindows({ category: 'broadband_mobile', renewal_date: '2027-04-01', date_kind: 'next_payment' }),
    ).toEqual([]);
  });

  it('windowOf finds a window by kind and distance, and not once the reminder moved it', () => {
    const reminder = { category: 'mortgage', renewal_date: '2027-09-15', lender: 'barclays' } as const;
    expect(windowOf(reminder, 'lock_in_deal', 92)?.date).toBe('2027-06-15');
    expect(windowOf({ ...reminder, lender: 'hsbc' }, 'lock_in_deal', 92)).toBeUndefined();
  });
});

describe('the lender table', () => {
  it('has unique values, whole months from 1 to 6, the month each was reported, and another lender last', () => {
    expect(new Set(LENDER_VALUES).size).toBe(LENDERS.length);
    for (const lender of LENDERS) {
      expect(lender.monthsAhead).toBeGreaterThanOrEqual(1);
      expect(lender.monthsAhead).toBeLessThanOrEqual(6);
      expect(lender.asOf).toMatch(/^20\d\d-(0[1-9]|1[0-2])$/);
    }
    expect(LENDERS.at(-1)).toMatchObject({ value: 'other', label: 'Another lender', monthsAhead: 6 });
    expect(lenderOf(null).value).toBe('other');
  });
});

describe('providerForLender', () => {
  it("gives an empty provider, or the previous pick's name, the lender's; never replaces what was typed", () => {
    expect(providerForLender('', '', 'nationwide')).toBe('Nationwide');
    expect(providerForLender('  ', '', 'lloyds')).toBe('Lloyds Bank');
    expect(providerForLender('Nationwide', 'nationwide', 'hsbc')).toBe('HSBC');
    // 'Another lender' and no lender name nobody: the filled-in name goes.
    expect(providerForLender('HSBC', 'hsbc', 'other')).toBe('');
    expect(providerForLender('HSBC', 'hsbc', '')).toBe('');
    expect(providerForLender('', 'hsbc', 'other')).toBe('');
    expect(providerForLender('My broker', '', 'barclays')).toBe('My broker');
    expect(providerForLender('My broker', 'barclays', 'santander')).toBe('My broker');
    // Typed before any pick, even a lender's name, it is the user's.
    expect(providerForLender('Barclays Bank', '', 'halifax')).toBe('Barclays Bank');
  });

  it("is the typed provider unless that is blank or the previous lender's name, for any picks", () => {
    const lender = fc.constantFrom<(typeof LENDER_VALUES)[number] | ''>('', ...LENDER_VALUES);
    fc.assert(
      fc.property(fc.string(), lender, lender, (typed, from, to) => {
        const after = providerForLender(typed, from, to);
        const fromName = from === '' || from === 'other' ? '' : lenderOf(from).label;
        if (typed.trim() !== '' && typed.trim() !== fromName) expect(after).toBe(typed);
        else expect(after).toBe(to === '' || to === 'other' ? '' : lenderOf(to).label);
      }),
    );
  });
});

describe('properties', () => {
  const day = fc
    .date({
      min: new Date('2024-01-01T00:00:00Z'),
      max: new Date('2040-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10));
  const reminder = fc.record({
    category: fc.constantFrom(...CATEGORY_VALUES),
    renewal_date: day,
    lender: fc.option(fc.constantFrom(...LENDER_VALUES), { nil: null }),
    vehicle_date: fc.option(fc.constantFrom(...VEHICLE_DATES), { nil: null }),
    repeats: fc.constantFrom(...REPEATS_VALUES),
    actByDays: fc.option(fc.integer({ min: 0, max: 200 }), { nil: null }),
  });
  const withActBy = ({ actByDays, ...r }: { actByDays: number | null } & WindowReminder) => ({
    ...r,
    act_by:
      actByDays === null
        ? null
        : new Date(Date.parse(r.renewal_date) - actByDays * 86_400_000).toISOString().slice(0, 10),
  });

  it('every window is on or before the renewal (and the act-by date), earliest first, days matching its date', () => {
    fc.assert(
      fc.property(reminder, (generated) => {
        const r = withActBy(generated);
        const list = actionWindows(r);
        const dates = list.map((w) => w.date);
        expect([...dates].sort()).toEqual(dates);
        for (const w of list) {
          expect(w.date <= r.renewal_date).toBe(true);
          if (r.act_by) expect(w.date <= r.act_by).toBe(true);
          const days = (Date.parse(r.renewal_date) - Date.parse(w.date)) / 86_400_000;
          expect(w.daysBefore).toBe(days);
          expect(w.daysBefore).toBeGreaterThan(0);
          if (w.range) expect(w.range.from <= w.date && w.date <= w.range.to).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('the MOT window is never more than a month minus a day early, and never later than 28 days before', () => {
    fc.assert(
      fc.property(day, (renewal) => {
        const [early] = actionWindows(mot(renewal));
        expect(early!.daysBefore).toBeGreaterThanOrEqual(27);
        expect(early!.daysBefore).toBeLessThanOrEqual(30);
        // The same day of the previous month, or later (never a day earlier than the rule allows).
        const [y, m, d] = renewal.split('-').map(Number) as [number, number, number];
        const monthBefore = new Date(Date.UTC(y, m - 2, 1));
        const lastDay = new Date(Date.UTC(y, m - 1, 0)).getUTCDate();
        const earliest = new Date(
          Date.UTC(monthBefore.getUTCFullYear(), monthBefore.getUTCMonth(), Math.min(d, lastDay) + 1),
        );
        expect(early!.date >= earliest.toISOString().slice(0, 10)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { leadDaysFor } from '../../shared/reminder/categories.ts';
import { MESSAGES } from '../../shared/schemas/fields.ts';
import { leadDaysText, leadDaysToText } from '../../shared/schemas/reminder.ts';
import { nextRenewalAfter, renewalAfter, REPEATS } from '../../shared/reminder/terms.ts';

const day = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
/** The terms counted in months (a rolling weekly payment is counted in weeks). */
const monthly = fc.constantFrom(...REPEATS.filter((r) => r.months > 0).map((r) => r.value));

describe('terms', () => {
  it('lists the periods, shortest first', () => {
    expect(REPEATS.map((r) => r.label)).toEqual([
      'Does not repeat',
      'Every week',
      'Every month',
      'Every 3 months',
      'Every 6 months',
      'Every year',
      'Every 2 years',
      'Every 3 years',
      'Every 5 years',
    ]);
  });

  it('rolls a contract renewing on 31 January monthly without drifting to the 28th', () => {
    const dates = [1, 2, 3, 4, 12, 13].map((n) => renewalAfter('2027-01-31', 'monthly', n));
    expect(dates).toEqual([
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2028-01-31',
      '2028-02-29',
    ]);
    expect(renewalAfter('2027-01-31', 'yearly', 1)).toBe('2028-01-31');
    expect(renewalAfter('2027-01-31', 'quarterly', 1)).toBe('2027-04-30');
  });

  it('rolls 29 February yearly onto 28 February, and back onto 29 February in a leap year', () => {
    expect([1, 2, 3, 4].map((n) => renewalAfter('2028-02-29', 'yearly', n))).toEqual([
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
    ]);
    expect(renewalAfter('2028-02-29', 'five_yearly', 1)).toBe('2033-02-28');
  });

  it('has no next renewal for a reminder that does not repeat', () => {
    expect(renewalAfter('2027-05-01', 'none', 1)).toBeNull();
    expect(nextRenewalAfter('2027-05-01', 'none', '2027-05-01')).toBeNull();
  });

  it('keeps the anchor’s day (or the month’s last day) and moves forward term by term', () => {
    fc.assert(
      fc.property(day, monthly, fc.integer({ min: 1, max: 40 }), (anchor, repeats, n) => {
        const previous = renewalAfter(anchor, repeats, n - 1)!;
        const current = renewalAfter(anchor, repeats, n)!;
        expect(current > previous).toBe(true);
        const a = DateTime.fromISO(anchor, { zone: 'utc' });
        const c = DateTime.fromISO(current, { zone: 'utc' });
        expect(c.day).toBe(Math.min(a.day, c.daysInMonth!));
        const months = REPEATS.find((r) => r.value === repeats)!.months;
        expect((c.year - a.year) * 12 + (c.month - a.month)).toBe(months * n);
      }),
    );
  });

  it('moves a weekly payment on by whole weeks from the anchor', () => {
    expect([1, 2, 5].map((n) => renewalAfter('2027-01-29', 'weekly', n))).toEqual([
      '2027-02-05',
      '2027-02-12',
      '2027-03-05',
    ]);
    expect(nextRenewalAfter('2027-01-29', 'weekly', '2027-02-05')).toBe('2027-02-12');
    fc.assert(
      fc.property(day, day, (anchor, date) => {
        const next = nextRenewalAfter(anchor, 'weekly', date)!;
        const days = (a: string, b: string) => DateTime.fromISO(b).diff(DateTime.fromISO(a), 'days').days;
        expect(next > date).toBe(true);
        expect(days(anchor, next) % 7).toBe(0);
        if (date >= anchor) expect(days(date, next)).toBeLessThanOrEqual(7);
      }),
    );
  });

  it('finds the first renewal after any day, whole terms from the anchor', () => {
    fc.assert(
      fc.property(day, monthly, day, (anchor, repeats, date) => {
        const next = nextRenewalAfter(anchor, repeats, date)!;
        expect(next > date).toBe(true);
        if (date < anchor) {
          expect(next).toBe(anchor);
          return;
        }
        // It is one of the anchor's renewals, and the one before it is not after `date`.
        const n = Array.from({ length: 2000 }, (_, k) => k).find(
          (k) => renewalAfter(anchor, repeats, k) === next,
        );
        expect(n).toBeDefined();
        expect(renewalAfter(anchor, repeats, n! - 1)! <= date).toBe(true);
      }),
    );
  });
});

describe("'Remind me (days before)'", () => {
  it('reads comma-separated whole days, largest first, each once, and writes them back', () => {
    expect(leadDaysText.parse('30, 14, 7, 1, 0')).toEqual([30, 14, 7, 1, 0]);
    expect(leadDaysText.parse('0,90 ,7,7')).toEqual([90, 7, 0]);
    expect(leadDaysToText(leadDaysFor('insurance'))).toBe('30, 14, 7, 1, 0');
  });

  it('refuses anything else with the one message', () => {
    for (const text of [
      '',
      ' ',
      '30,,7',
      '7.5',
      '-1',
      '366',
      'a',
      '1,2,3,4,5,6,7,8,9',
      '30;14',
      '1e2',
      '٣',
    ]) {
      const result = leadDaysText.safeParse(text);
      expect(result.success, text).toBe(false);
      expect(
        result.error!.issues.map((i) => i.message),
        text,
      ).toEqual([MESSAGES.leadDaysInvalid]);
    }
  });
});

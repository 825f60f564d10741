/** 'Who pays?' on a shared reminder: the parts, in pence, always adding up to the whole. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  myPaymentPence,
  myYearlyPence,
  partsOf,
  rescaled,
  splitPence,
  splitProblem,
  whoPaysSchema,
  whoPaysText,
  type SplitReminder,
  type WhoPays,
} from '../../shared/reminder/split.ts';

const ALICE = 'a1111111-1111-4111-8111-111111111111';
const BOB = 'b2222222-2222-4222-8222-222222222222';
const CAL = 'c3333333-3333-4333-8333-333333333333';
const MEMBERS = [BOB, CAL, ALICE];

const mortgage = (who_pays: WhoPays | null, amount: number | null = 1150): SplitReminder => ({
  shared: true,
  amount,
  billing: 'monthly',
  who_pays,
});

describe('splitPence', () => {
  it('gives the odd pence one each to the first parts', () => {
    expect(splitPence(100, 3)).toEqual([34, 33, 33]);
    expect(splitPence(101, 2)).toEqual([51, 50]);
    expect(splitPence(5, 6)).toEqual([1, 1, 1, 1, 1, 0]);
    expect(splitPence(0, 2)).toEqual([0, 0]);
  });

  it('always adds up to the whole, and no two parts differ by more than a penny', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 6 }), (total, n) => {
        const parts = splitPence(total, n);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('refuses what cannot be split', () => {
    expect(() => splitPence(1.5, 2)).toThrow(RangeError);
    expect(() => splitPence(100, 0)).toThrow(RangeError);
  });
});

describe('partsOf', () => {
  it('splits equally in membership-id order, whatever order the members are listed in', () => {
    const parts = partsOf({ split: 'equal' }, 100, MEMBERS);
    expect([parts.get(ALICE), parts.get(BOB), parts.get(CAL)]).toEqual([34, 33, 33]);
    expect(partsOf({ split: 'equal' }, 100, [...MEMBERS].reverse())).toEqual(parts);
  });

  it('puts the whole on the one member who pays', () => {
    const parts = partsOf({ split: 'member', member: BOB }, 115000, MEMBERS);
    expect([parts.get(ALICE), parts.get(BOB), parts.get(CAL)]).toEqual([0, 115000, 0]);
  });

  it('takes the amounts given, and none for a member not named', () => {
    const shares = {
      split: 'amounts',
      shares: [
        { member: ALICE, amount: 600 },
        { member: BOB, amount: 550 },
      ],
    };
    const parts = partsOf(shares as WhoPays, 115000, MEMBERS);
    expect([parts.get(ALICE), parts.get(BOB), parts.get(CAL)]).toEqual([60000, 55000, 0]);
  });

  it('reads a split that names a former member as equal, as it is once they leave', () => {
    const parts = partsOf({ split: 'member', member: CAL }, 1000, [ALICE, BOB]);
    expect([parts.get(ALICE), parts.get(BOB)]).toEqual([500, 500]);
  });
});

describe("the reader's part", () => {
  it('is the whole of an own reminder, and nothing of an amount not known', () => {
    expect(myPaymentPence({ ...mortgage(null), shared: false }, null, [])).toBe(115000);
    expect(myPaymentPence(mortgage(null, null), ALICE, MEMBERS)).toBe(0);
  });

  it('a year of an equal split adds up to the household’s year to the penny', () => {
    // £10.01 a month, three ways: £120.12 a year is 4004p, 4004p, 4004p.
    const bill = mortgage({ split: 'equal' }, 10.01);
    const years = MEMBERS.map((m) => myYearlyPence(bill, m, MEMBERS));
    expect(years.reduce((a, b) => a + b, 0)).toBe(12012);
    // £0.10 a week, three ways: 520p a year is 174p, 173p, 173p.
    const weekly = { ...mortgage({ split: 'equal' }, 0.1), billing: 'weekly' as const };
    expect(MEMBERS.map((m) => myYearlyPence(weekly, m, MEMBERS)).sort()).toEqual([173, 173, 174]);
  });

  it('a share by amounts is that amount’s year; a one-off is no yearly cost', () => {
    const bill = mortgage({
      split: 'amounts',
      shares: [
        { member: ALICE, amount: 600 },
        { member: BOB, amount: 550 },
      ],
    });
    expect(myYearlyPence(bill, ALICE, MEMBERS)).toBe(720000);
    expect(myYearlyPence(bill, BOB, MEMBERS)).toBe(660000);
    expect(myYearlyPence(bill, CAL, MEMBERS)).toBe(0);
    expect(myYearlyPence({ ...bill, billing: 'none' }, ALICE, MEMBERS)).toBe(0);
    expect(myPaymentPence(bill, BOB, MEMBERS)).toBe(55000);
  });

  it('is nothing of a shared reminder for someone outside the household', () => {
    expect(myYearlyPence(mortgage({ split: 'equal' }), null, MEMBERS)).toBe(0);
  });
});

describe('whoPaysSchema and splitProblem', () => {
  it('takes the closed list of kinds, each member once', () => {
    expect(whoPaysSchema.safeParse({ split: 'equal' }).success).toBe(true);
    expect(whoPaysSchema.safeParse({ split: 'member', member: ALICE }).success).toBe(true);
    expect(whoPaysSchema.safeParse({ split: 'halves' }).success).toBe(false);
    expect(whoPaysSchema.safeParse({ split: 'member', member: 'alice' }).success).toBe(false);
    const twice = { split: 'amounts', shares: [ALICE, ALICE].map((member) => ({ member, amount: 1 })) };
    expect(whoPaysSchema.safeParse(twice).error?.issues[0]?.message).toBe('Give each member one share');
    const many = {
      split: 'amounts',
      shares: Array.from({ length: 7 }, () => ({ member: ALICE, amount: 1 })),
    };
    expect(whoPaysSchema.safeParse(many).success).toBe(false);
    const fraction = { split: 'amounts', shares: [{ member: ALICE, amount: 1.005 }] };
    expect(whoPaysSchema.safeParse(fraction).success).toBe(false);
  });

  it('asks that shares add up to the payment, in pence', () => {
    const shares = (a: number, b: number): WhoPays => ({
      split: 'amounts',
      shares: [
        { member: ALICE, amount: a },
        { member: BOB, amount: b },
      ],
    });
    expect(splitProblem(shares(0.1, 0.2), 0.3)).toBeNull();
    expect(splitProblem(shares(600, 500), 1150)).toBe('The shares add up to £1,100.00, not £1,150.00');
    expect(splitProblem(shares(600, 550), null)).toBe('Enter the amount before splitting it by amounts');
    expect(splitProblem({ split: 'equal' }, null)).toBeNull();
  });

  it('says who pays in words', () => {
    const name = (id: string) => (id === ALICE ? 'Alice' : 'Bob');
    expect(whoPaysText(null, name)).toBe('Split equally');
    expect(whoPaysText({ split: 'member', member: BOB }, name)).toBe('Bob');
    expect(
      whoPaysText(
        {
          split: 'amounts',
          shares: [
            { member: ALICE, amount: 600 },
            { member: BOB, amount: 550 },
          ],
        },
        name,
      ),
    ).toBe('Alice £600.00; Bob £550.00');
  });
});

describe('rescaled', () => {
  const shares = (a: number, b: number): WhoPays => ({
    split: 'amounts',
    shares: [
      { member: ALICE, amount: a },
      { member: BOB, amount: b },
    ],
  });

  it('keeps the proportions of a new price, adding up to it to the penny', () => {
    expect(rescaled(shares(600, 550), 1150, 1265)).toEqual(shares(660, 605));
    expect(rescaled(shares(1, 2), 3, 1)).toEqual(shares(0.34, 0.66));
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (a, b, to) => {
          const next = rescaled(shares(a / 100, b / 100), (a + b) / 100, to / 100);
          expect(splitProblem(next, to / 100)).toBeNull();
        },
      ),
    );
  });

  it('leaves any other split, or an unknown amount, as it is', () => {
    expect(rescaled({ split: 'equal' }, 10, 20)).toEqual({ split: 'equal' });
    expect(rescaled(shares(1, 2), null, 20)).toEqual(shares(1, 2));
    expect(rescaled(shares(0, 0), 0, 20)).toEqual({ split: 'equal' });
  });
});

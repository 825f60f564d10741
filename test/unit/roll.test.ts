/** The roll forward's rule, on plain values: when a repeating reminder rolls, to which renewal, and from when its mails count. */
import { describe, expect, it } from 'vitest';
import { rollOf } from '../../shared/reminder/roll.ts';

const quarterly = {
  renewal_date: '2027-01-31',
  term_anchor: '2027-01-31',
  repeats: 'quarterly',
  date_kind: 'renewal',
  archived_at: null,
} as const;

describe('rollOf', () => {
  it('rolls 14 days after the renewal, not before, and never a one-off or cancelled reminder', () => {
    expect(rollOf(quarterly, '2027-02-13')).toBeNull();
    expect(rollOf(quarterly, '2027-02-14')).toEqual({ renewalDate: '2027-04-30', notBefore: '2027-02-14' });
    expect(rollOf({ ...quarterly, repeats: 'none', date_kind: 'deal_end' }, '2027-03-30')).toBeNull();
    expect(rollOf({ ...quarterly, archived_at: '2027-02-01T00:00:00.000Z' }, '2027-03-30')).toBeNull();
  });

  it('after a gap, counts the new term’s mails from the day the roll was due, so overdue ones are caught up', () => {
    // A run two months after the renewal: the next renewal (30 April) is still ahead.
    expect(rollOf(quarterly, '2027-03-31')).toEqual({ renewalDate: '2027-04-30', notBefore: '2027-02-14' });
  });

  it('after a longer gap, skips a renewal already past: nobody was reminded of it', () => {
    expect(rollOf(quarterly, '2027-05-03')).toEqual({ renewalDate: '2027-07-31', notBefore: '2027-02-14' });
    // A renewal on the run's own day is still the new term.
    expect(rollOf(quarterly, '2027-07-31')).toEqual({ renewalDate: '2027-07-31', notBefore: '2027-02-14' });
  });

  it('counts whole terms from the anchor, so month ends do not drift', () => {
    const rolled = { ...quarterly, renewal_date: '2027-04-30' };
    expect(rollOf(rolled, '2027-05-14')).toEqual({ renewalDate: '2027-07-31', notBefore: '2027-05-14' });
  });

  it('rolls a rolling monthly charge the day after it, with no answer awaited, on the anchor’s day', () => {
    const monthly = { ...quarterly, repeats: 'monthly', date_kind: 'next_payment' } as const;
    expect(rollOf(monthly, '2027-01-31')).toBeNull();
    expect(rollOf(monthly, '2027-02-01')).toEqual({ renewalDate: '2027-02-28', notBefore: '2027-02-01' });
    const february = { ...monthly, renewal_date: '2027-02-28' };
    expect(rollOf(february, '2027-03-01')).toEqual({ renewalDate: '2027-03-31', notBefore: '2027-03-01' });
  });
});

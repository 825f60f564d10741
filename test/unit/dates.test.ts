import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import {
  daysLeft,
  daysLeftBadge,
  formatLongUkDate,
  formatPounds,
  formatUkDate,
  todayIn,
} from '../../shared/dates.ts';

const at = (iso: string) => DateTime.fromISO(iso, { zone: 'Europe/London' });

describe('days left (ceiling of days from now to the renewal date)', () => {
  it('is 0 on the renewal day itself, whatever the hour', () => {
    expect(daysLeft('2026-11-21', at('2026-11-21T00:00:00'))).toBe(0);
    expect(daysLeft('2026-11-21', at('2026-11-21T23:59:00'))).toBe(0);
  });
  it('rounds a part day up', () => {
    expect(daysLeft('2026-11-22', at('2026-11-21T08:00:00'))).toBe(1);
    expect(daysLeft('2026-12-21', at('2026-11-21T08:00:00'))).toBe(30);
  });
  it('is negative once the date has passed', () => {
    expect(daysLeft('2026-11-20', at('2026-11-21T08:00:00'))).toBe(-1);
    expect(daysLeft('2026-11-11', at('2026-11-21T08:00:00'))).toBe(-10);
  });
  it('is not thrown by the clocks changing (BST ends 25 October 2026)', () => {
    expect(daysLeft('2026-10-26', at('2026-10-24T00:00:00'))).toBe(2);
    expect(daysLeft('2026-03-30', at('2026-03-28T00:00:00'))).toBe(2);
  });
});

describe('days-left badge', () => {
  it.each([
    [-1, '1 day overdue', 'destructive'],
    [-5, '5 days overdue', 'destructive'],
    [0, 'Today', 'default'],
    [1, '1 day', 'default'],
    [7, '7 days', 'default'],
    [8, '8 days', 'secondary'],
    [30, '30 days', 'secondary'],
    [31, '31 days', 'outline'],
  ])('%i → %s (%s)', (days, text, variant) => {
    expect(daysLeftBadge(days)).toEqual({ text, variant });
  });
});

describe('formatting', () => {
  it('shows dates as dd/MM/yyyy and pounds to 2 decimals', () => {
    expect(formatUkDate('2027-03-01')).toBe('01/03/2027');
    expect(formatPounds(412.3)).toBe('£412.30');
    expect(formatPounds(1234567)).toBe('£1,234,567.00');
  });
  it("says a mail's date in words, the same in any zone the process runs in", () => {
    expect(formatLongUkDate('2027-01-07')).toBe('Thursday 7 January 2027');
    expect(formatLongUkDate('2041-06-30')).toBe('Sunday 30 June 2041');
    expect(formatLongUkDate('2028-02-29')).toBe('Tuesday 29 February 2028');
  });
  it("takes today's date in Europe/London, not UTC", () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    expect(todayIn('Europe/London', DateTime.fromISO('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(todayIn('Europe/London', DateTime.fromISO('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
  });
});

import { describe, expect, it } from 'vitest';
import { snoozedDate, snoozedUntilText, snoozeOf } from '../../shared/reminder/snooze.ts';

describe('snooze 3 days', () => {
  it('moves the next mail three days, from today when it is due or passed', () => {
    expect(snoozeOf('2031-03-10', '2031-03-01', undefined)).toEqual({
      on: '2031-03-01',
      until: '2031-03-13',
    });
    expect(snoozeOf('2031-02-27', '2031-03-01', undefined)).toEqual({
      on: '2031-03-01',
      until: '2031-03-04',
    });
    expect(snoozeOf(null, '2031-03-01', undefined)).toEqual({ on: '2031-03-01', until: '2031-03-04' });
    // Across a month's end and a leap day.
    expect(snoozeOf('2032-02-28', '2032-02-28', undefined)?.until).toBe('2032-03-02');
  });

  it('once a day: a second snooze the same day changes nothing; the next day moves again', () => {
    const first = { on: '2031-03-01', until: '2031-03-04' };
    expect(snoozeOf('2031-03-04', '2031-03-01', first)).toBeNull();
    expect(snoozeOf('2031-03-04', '2031-03-02', first)).toEqual({ on: '2031-03-02', until: '2031-03-07' });
  });

  it('holds the next mail until its day, never earlier', () => {
    expect(snoozedDate('2031-03-01', '2031-03-04')).toBe('2031-03-04');
    expect(snoozedDate('2031-03-09', '2031-03-04')).toBe('2031-03-09');
    expect(snoozedDate('2031-03-01', null)).toBe('2031-03-01');
    expect(snoozedUntilText('2031-03-04')).toBe('Snoozed until 04/03/2031');
  });
});

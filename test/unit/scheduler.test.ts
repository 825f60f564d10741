import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { nextHourlyRun } from '../../lib/local/scheduler.ts';

describe('local scheduler: every hour, on the hour', () => {
  it('is the next whole hour', () => {
    expect(nextHourlyRun(DateTime.fromISO('2026-11-21T09:00:00Z')).toISO()).toBe('2026-11-21T10:00:00.000Z');
    expect(nextHourlyRun(DateTime.fromISO('2026-11-21T09:59:59.999Z')).toISO()).toBe(
      '2026-11-21T10:00:00.000Z',
    );
  });
  it('is on the UTC hour whatever the zone, so 08:00 London falls on a run in BST and GMT alike', () => {
    const summer = nextHourlyRun(DateTime.fromISO('2026-07-01T07:30:00', { zone: 'Europe/London' }));
    expect(summer.toISO()).toBe('2026-07-01T07:00:00.000Z');
    const winter = nextHourlyRun(DateTime.fromISO('2026-11-21T07:30:00', { zone: 'Europe/London' }));
    expect(winter.toISO()).toBe('2026-11-21T08:00:00.000Z');
  });
});

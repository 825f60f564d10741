import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { nextDailyRun } from '../../lib/local/scheduler.ts';

describe('local scheduler: next 08:00 Europe/London', () => {
  it('is 08:00 GMT (08:00 UTC) in winter', () => {
    const next = nextDailyRun(DateTime.fromISO('2026-11-21T09:00:00Z'));
    expect(next.toUTC().toISO()).toBe('2026-11-22T08:00:00.000Z');
  });
  it('is 08:00 BST (07:00 UTC) in summer', () => {
    const next = nextDailyRun(DateTime.fromISO('2026-07-01T06:00:00Z'));
    expect(next.toUTC().toISO()).toBe('2026-07-01T07:00:00.000Z');
  });
  it('follows the clocks going back overnight', () => {
    // 24 Oct 2026 08:00 BST has passed; the next run is 25 Oct 08:00 GMT.
    const next = nextDailyRun(DateTime.fromISO('2026-10-24T08:30:00+01:00'));
    expect(next.toUTC().toISO()).toBe('2026-10-25T08:00:00.000Z');
  });
});

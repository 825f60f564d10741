/** A run's status from its record: finished or not, with errors or not, and how long ago it began. */
import { describe, expect, it } from 'vitest';
import { RUN_FINISHES_WITHIN_MS, runStatus } from '../../shared/runs.ts';

const ranAt = '2027-01-08T08:00:00.000Z';
const after = (ms: number) => new Date(Date.parse(ranAt) + ms);
const run = { ran_at: ranAt, planning: false, queued: 10, done: 10, errors: [] as string[] };

describe('runStatus', () => {
  it('is a success when every queued mail is done with no error, failed when there were errors', () => {
    expect(runStatus(run, after(1000))).toBe('success');
    expect(runStatus({ ...run, errors: ['x'] }, after(1000))).toBe('failed');
    expect(runStatus({ ...run, queued: 0, done: 0 }, after(1000))).toBe('success');
  });

  it('is running while mails are outstanding, interrupted once the run should have finished', () => {
    const short = { ...run, done: 4 };
    expect(runStatus(short, after(RUN_FINISHES_WITHIN_MS))).toBe('running');
    expect(runStatus(short, after(RUN_FINISHES_WITHIN_MS + 1))).toBe('interrupted');
    // Errors do not hide an interruption.
    expect(runStatus({ ...short, errors: ['x'] }, after(RUN_FINISHES_WITHIN_MS + 1))).toBe('interrupted');
  });

  it('is interrupted when the planner never finished planning', () => {
    const planning = { ...run, planning: true, queued: 0, done: 0 };
    expect(runStatus(planning, after(60_000))).toBe('running');
    expect(runStatus(planning, after(RUN_FINISHES_WITHIN_MS + 1))).toBe('interrupted');
  });
});

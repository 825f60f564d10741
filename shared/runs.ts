/**
 * What a run of the reminder job came to, read from its record: the planner writes the record when
 * it starts and again once it has queued, and the senders add what they finished as they go, so a
 * run that stopped early (a planner or a stack that died, messages lost) never reads as a success.
 */
import type { CronRun, CronRunStatus } from './api.ts';

/**
 * A run whose planner and senders have not finished this long after it started has stopped: the
 * planner's timeout is minutes, and a failed send message is retried within the hour (then moves
 * to the dead-letter queue).
 */
export const RUN_FINISHES_WITHIN_MS = 60 * 60 * 1000;

export function runStatus(
  run: Pick<CronRun, 'ran_at' | 'planning' | 'queued' | 'done' | 'errors'>,
  now: Date,
): CronRunStatus {
  const unfinished = run.planning || run.done < run.queued;
  if (unfinished) {
    return now.getTime() - Date.parse(run.ran_at) > RUN_FINISHES_WITHIN_MS ? 'interrupted' : 'running';
  }
  return run.errors.length > 0 ? 'failed' : 'success';
}

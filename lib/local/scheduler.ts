import { DateTime } from 'luxon';
import { UK_ZONE } from '../../shared/dates.ts';

/** The next 08:00 in Europe/London after `now`: GMT in winter, BST in summer, as the Scheduler rule. */
export function nextDailyRun(now: DateTime = DateTime.now()): DateTime {
  const london = now.setZone(UK_ZONE);
  let next = london.set({ hour: 8, minute: 0, second: 0, millisecond: 0 });
  if (next <= london) next = next.plus({ days: 1 }).set({ hour: 8, minute: 0, second: 0, millisecond: 0 });
  return next;
}

/** Runs `job` at every 08:00 Europe/London while the local stack is up. */
export function scheduleDaily(job: () => Promise<void>, log: (line: string) => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    const next = nextDailyRun();
    // setTimeout caps at ~24.8 days; a day is far below it.
    timer = setTimeout(async () => {
      try {
        await job();
      } catch (error) {
        log(`daily job failed: ${(error as Error).message}`);
      }
      arm();
    }, next.diffNow().toMillis());
    timer.unref();
  };
  arm();
  return () => clearTimeout(timer);
}

import { DateTime } from 'luxon';

/**
 * The next whole hour after `now`, as the Scheduler's hourly rule. Each run sends the mails whose
 * moment (08:00 in their owner's zone) has come, so every owner is mailed at the first run at or
 * after 08:00 their time.
 */
export function nextHourlyRun(now: DateTime = DateTime.now()): DateTime {
  return now.toUTC().startOf('hour').plus({ hours: 1 });
}

/** Runs `job` at the start of every hour while the local stack is up. */
export function scheduleHourly(job: () => Promise<void>, log: (line: string) => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    timer = setTimeout(async () => {
      try {
        await job();
      } catch (error) {
        log(`reminder job failed: ${(error as Error).message}`);
      }
      arm();
    }, nextHourlyRun().diffNow().toMillis());
    timer.unref();
  };
  arm();
  return () => clearTimeout(timer);
}

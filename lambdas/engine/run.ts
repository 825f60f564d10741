import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { CronRun } from '../../shared/api.ts';
import { todayIn, UK_ZONE } from '../../shared/dates.ts';
import { env } from '../runtime/env.ts';
import { logger } from '../runtime/logger.ts';
import { recordCronRun } from '../store/cronRuns.ts';
import { findDueMails, type MailNote } from './due.ts';
import { holdMails, sendMails, type PhaseResult, type SendOptions } from './send.ts';
import { simulateMails } from './simulate.ts';

export { JobCrash, maxSendRate, resetSendRateCache } from './send.ts';

export interface RunOptions extends Partial<Omit<SendOptions, 'reference'>> {
  /** The Europe/London calendar date to run for; today there by default. */
  date?: string;
  /** Compute and log what would be sent at 08:00 on `date`; send nothing, claim nothing. */
  simulate?: boolean;
  trigger: CronRun['trigger'];
}

export interface RunResult extends CronRun {
  /** Milliseconds spent finding what is due (index queries, profiles), before any mail. */
  planMs: number;
  mails: MailNote[];
  sendRatePerSecond: number | null;
}

/**
 * The daily reminder job: everything due today in Europe/London, each mail exactly once. Plan (find
 * what is due), then one of three phases: simulate (log what would go), hold (sending disabled) or
 * send; the run is recorded in the cron log.
 */
export async function runDailyJob(options: RunOptions): Promise<RunResult> {
  const now = options.now ?? (() => new Date());
  const startedAt = now();
  const started = performance.now();
  const date = options.date ?? todayIn(UK_ZONE, DateTime.fromJSDate(startedAt));
  const simulate = options.simulate ?? false;

  const due = await findDueMails(date);
  const planMs = Math.round(performance.now() - started);
  // The reference time for days-left and for the simulation: 08:00 in London on the run's date.
  const reference = DateTime.fromISO(`${date}T08:00:00`, { zone: UK_ZONE });

  let phase: PhaseResult;
  if (simulate) phase = await simulateMails(due.deliverable, reference, now);
  else if (env().EMAIL_PROVIDER === 'disabled') phase = await holdMails(due.deliverable);
  else phase = await sendMails(due.deliverable, { ...options, now, reference });

  const record: CronRun = {
    id: randomUUID(),
    ran_at: startedAt.toISOString(),
    date,
    trigger: options.trigger,
    simulated: simulate,
    items_processed: phase.sent,
    planned: due.planned,
    skipped: due.skipped + phase.skipped,
    errors: phase.errors,
    duration_ms: Math.round(performance.now() - started),
  };
  await recordCronRun(record);
  logger.info('Daily job finished', { ...record, errors: record.errors.slice(0, 20) });
  return { ...record, mails: [...due.notes, ...phase.notes], sendRatePerSecond: phase.sendRate, planMs };
}

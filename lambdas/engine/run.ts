import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { CronRun } from '../../shared/api.ts';
import { todayIn, UK_ZONE } from '../../shared/dates.ts';
import { env } from '../runtime/env.ts';
import { logger } from '../runtime/logger.ts';
import { recordCronRun } from '../store/cronRuns.ts';
import { refreshNextMail } from '../store/nextMail.ts';
import { asOfDate, asOfNow, findDueMails, type MailNote } from './due.ts';
import { forEachConcurrent } from './pacer.ts';
import { holdMails, sendMails, type PhaseResult, type SendOptions } from './send.ts';
import { simulateMails } from './simulate.ts';

export { JobCrash, maxSendRate, resetSendRateCache } from './send.ts';

export interface RunOptions extends Partial<SendOptions> {
  /**
   * Run as at 08:00 on this date in every owner's own zone. Without it, the run is as at now: each
   * owner's mails of the day go at the first run at or after 08:00 their time.
   */
  date?: string;
  /** Compute and log what would be sent; send nothing, claim nothing, settle nothing. */
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
  // The run's date as the cron log shows it: the chosen date, or today in London.
  const date = options.date ?? todayIn(UK_ZONE, DateTime.fromJSDate(startedAt));
  const simulate = options.simulate ?? false;

  const sending = !simulate && env().EMAIL_PROVIDER !== 'disabled';
  const due = await findDueMails(options.date ? asOfDate(options.date) : asOfNow(startedAt), {
    settle: sending,
    now,
  });
  const planMs = Math.round(performance.now() - started);

  let phase: PhaseResult;
  if (simulate) phase = await simulateMails(due.deliverable, now);
  else if (!sending) phase = await holdMails(due.deliverable);
  else phase = await sendMails(due.deliverable, { ...options, now });

  // Each reminder the run looked at moves in the index to its next mail still to go; a mail that
  // failed or was left for time keeps its place, so the next run tries it again.
  if (sending) {
    await forEachConcurrent(due.touched, 8, ({ userId, reminderId, zone }) =>
      refreshNextMail(userId, reminderId, zone),
    );
  }

  const record: CronRun = {
    id: randomUUID(),
    ran_at: startedAt.toISOString(),
    date,
    trigger: options.trigger,
    simulated: simulate,
    items_processed: phase.sent,
    planned: due.planned,
    skipped: due.skipped + phase.skipped,
    late: due.late,
    superseded: due.superseded,
    missed: due.missed,
    errors: phase.errors,
    duration_ms: Math.round(performance.now() - started),
  };
  (await import('../runtime/metrics.ts')).publishRunCounts(record);
  await recordCronRun(record);
  logger.info('Daily job finished', { ...record, errors: record.errors.slice(0, 20) });
  return { ...record, mails: [...due.notes, ...phase.notes], sendRatePerSecond: phase.sendRate, planMs };
}

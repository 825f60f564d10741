import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { CronRun } from '../../../shared/api.ts';
import { type CronRunRecord, noteQueueShortfall, recordCronRun } from '../../store/sending/index.ts';
import { todayIn, UK_ZONE } from '../../../shared/dates.ts';
import { forEachConcurrent } from '../../runtime/concurrency.ts';
import { env } from '../../runtime/env.ts';
import { logger } from '../../runtime/logger.ts';
import { publishRunCounts } from '../../runtime/metrics.ts';
import { refreshHouseholdNextMail, refreshNextMail } from '../../store/reminders/index.ts';
import { asOfDate, asOfNow, findDueMails, noteOf, type DueMails, type MailNote } from './due.ts';
import { enqueue, recipientMessages, type RunRef } from './queue.ts';
import { holdMails, type PhaseResult } from './hold.ts';
import { simulateMails } from './simulate.ts';

export { JobCrash } from './sender.ts';
export { maxSendRate, resetSendRateCache } from './pacer.ts';

export interface RunOptions {
  now?: () => Date;
  /**
   * Run as at 08:00 on this date in every owner's own zone. Without it, the run is as at now: each
   * owner's mails of the day go at the first run at or after 08:00 their time.
   */
  date?: string;
  /** Compute and log what would be sent; send nothing, claim nothing, settle nothing. */
  simulate?: boolean;
  trigger: CronRun['trigger'];
}

export interface RunResult extends CronRunRecord {
  /** Milliseconds spent finding what is due (index queries, profiles), before any mail. */
  planMs: number;
  mails: MailNote[];
}

/**
 * The reminder job's planner: everything due at the run's moment, found through the next-mail index,
 * then one of three phases: simulate (log what would go), hold (sending disabled) or queue (one
 * message per recipient on the send queue, which the senders mail exactly once). The run is
 * recorded in the cron log; a real run's record gains the senders' counts as they send.
 */
export async function planRun(options: RunOptions): Promise<RunResult> {
  const now = options.now ?? (() => new Date());
  const startedAt = now();
  const started = performance.now();
  const run: RunRef = { id: randomUUID(), ranAt: startedAt.toISOString() };
  // The run's date as the cron log shows it: the chosen date, or today in London.
  const date = options.date ?? todayIn(UK_ZONE, DateTime.fromJSDate(startedAt));
  const simulate = options.simulate ?? false;

  const sending = !simulate && env().EMAIL_PROVIDER !== 'disabled';
  const empty: PhaseResult = { notes: [], sent: 0, skipped: 0, errors: [] };
  const record = (
    due: Omit<DueMails, 'deliverable' | 'notes' | 'touched' | 'pushOnly' | 'channels' | 'rolls'>,
    phase: PhaseResult,
    queued: number,
    planning = false,
  ): CronRunRecord => ({
    id: run.id,
    ran_at: run.ranAt,
    date,
    trigger: options.trigger,
    simulated: simulate,
    items_processed: phase.sent,
    queued,
    planned: due.planned,
    skipped: due.skipped + phase.skipped,
    late: due.late,
    superseded: due.superseded,
    missed: due.missed,
    rolled: due.rolled,
    errors: [...due.errors, ...phase.errors],
    duration_ms: Math.round(performance.now() - started),
    planning,
    done: 0,
  });
  // Written first: a planner that dies part-way leaves a record that reads 'Interrupted'.
  const nothing = { planned: 0, skipped: 0, late: 0, superseded: 0, missed: 0, rolled: 0, errors: [] };
  await recordCronRun(record(nothing, empty, 0, true));
  const at = options.date ? asOfDate(options.date) : asOfNow(startedAt);
  const due = await findDueMails(at, {
    settle: sending,
    roll: simulate ? 'count' : 'write',
    now,
  });
  const planMs = Math.round(performance.now() - started);

  let result: CronRunRecord;
  let notes: MailNote[];
  if (sending) {
    const dayIn = (zone: string) => todayIn(zone, at.asOf(zone));
    ({ result, notes } = await queueMails(due, run, dayIn, (phase, queued) => record(due, phase, queued)));
  } else {
    const phase = simulate ? await simulateMails(due.deliverable, now) : await holdMails(due.deliverable);
    result = record(due, phase, 0);
    await recordCronRun(result);
    notes = phase.notes;
  }
  publishRunCounts(result);
  logger.info('Reminder job planned', { ...result, errors: result.errors.slice(0, 20) });
  return { ...result, mails: [...due.notes, ...notes], planMs };
}

/**
 * The real run's last phase. The record is written before the messages go, so the senders always
 * find it to add their counts to. Reminders with nothing queued move in the index now; those with a
 * queued mail move when their sender has sent it (a mail that could not be queued keeps its place,
 * so the next run plans it again).
 */
async function queueMails(
  due: DueMails,
  run: RunRef,
  dayIn: (zone: string) => string,
  record: (phase: PhaseResult, queued: number) => CronRunRecord,
): Promise<{ result: CronRunRecord; notes: MailNote[] }> {
  const empty: PhaseResult = { notes: [], sent: 0, skipped: 0, errors: [] };
  const planned = record(empty, due.deliverable.length);
  await recordCronRun(planned);
  const queued = await enqueue(recipientMessages(due.deliverable, run, dayIn));
  if (queued.notQueued > 0) await noteQueueShortfall(run, queued);
  await queuePushOnly(due, run, dayIn);
  await queueChannels(due, run, dayIn);
  const withQueue = new Set(due.deliverable.map(({ mail }) => mail.reminder.id));
  await forEachConcurrent(
    due.touched.filter(({ reminderId }) => !withQueue.has(reminderId)),
    8,
    ({ userId, reminderId, zone, householdId }) =>
      householdId
        ? refreshHouseholdNextMail(householdId, reminderId)
        : refreshNextMail(userId, reminderId, zone),
  );
  const status = queued.notQueued > 0 ? 'not queued' : 'queued';
  return {
    result: { ...planned, queued: queued.queued, errors: [...planned.errors, ...queued.errors] },
    notes: due.deliverable.map((addressed) => noteOf(addressed, status)),
  };
}

/**
 * The day's messages on the members' alert channels: messages of their own, queued behind the run's
 * e-mails, so the channels' calls and writes never hold the e-mails back from their pace (the
 * channels have none to keep). Not counted in the run's queued and done. One SQS refuses is logged;
 * its channels' messages are lost for the day.
 */
async function queueChannels(due: DueMails, run: RunRef, dayIn: (zone: string) => string): Promise<void> {
  if (due.channels.length === 0) return;
  const queued = await enqueue(recipientMessages(due.channels, run, dayIn, { channelsOnly: true }));
  if (queued.notQueued > 0)
    logger.error('Channel messages not queued', { run: run.id, errors: queued.errors });
}

/**
 * The day's push for members who take no e-mail (their mails are settled as skipped, so they are in
 * no run's count): messages of their own. One SQS refuses is logged; its push is lost for the day.
 */
async function queuePushOnly(due: DueMails, run: RunRef, dayIn: (zone: string) => string): Promise<void> {
  if (due.pushOnly.length === 0) return;
  const queued = await enqueue(recipientMessages(due.pushOnly, run, dayIn, { pushOnly: true }));
  if (queued.notQueued > 0)
    logger.error('Push-only messages not queued', { run: run.id, errors: queued.errors });
}

/**
 * The senders: each takes one recipient's message from the send queue and mails it exactly once.
 * What the planner decided (which mails, with which days left) comes in the message; everything
 * else is read fresh here, at send time: the profile (deleted, unsubscribed, moved zone), the
 * suppression list, and each reminder (deleted or moved since it was planned). Each mail is claimed
 * before SES is called, so a redelivered message, a re-run or a second sender never sends it twice.
 */
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { dedupeKeys, keys, TABLE_KEYS } from '../../shared/table.ts';
import type { Reminder } from '../../shared/api.ts';
import { leadDedupeKey, reminderSchedule } from '../../shared/schedule.ts';
import { forEachConcurrent } from '../runtime/concurrency.ts';
import { errorMessage } from '../runtime/errors.ts';
import { env } from '../runtime/env.ts';
import { logger } from '../runtime/logger.ts';
import { publishJobCounts } from '../runtime/metrics.ts';
import { addRunResults } from '../store/cronRuns.ts';
import { refreshNextMail } from '../store/nextMail.ts';
import { getItems } from '../store/db.ts';
import { parseProfile, parseReminder } from '../store/items.ts';
import { ACCOUNT_DELETED } from '../store/sends.ts';
import { isSuppressed } from '../store/suppressions.ts';
import { claimMail, deliverClaimed, type ClaimedSend } from './deliver.ts';
import {
  composeDigestMail,
  composeDueMail,
  dueMailIdentity,
  noteOf,
  type Addressed,
  type MailNote,
} from './due.ts';
import { Pacer } from './pacer.ts';
import { recipientMessageSchema, type RecipientMessage } from './queue.ts';
import { JobCrash, maxSendRate } from './send.ts';

export interface SenderOptions {
  now: () => Date;
  /** This sender's pace: its share of the account's SES rate. */
  pacer: Pacer;
  leaseMs?: number;
  /** Milliseconds left before the platform stops this sender (Lambda's getRemainingTimeInMillis). */
  remainingMs?: () => number;
  /** Test seam: called after a message's claims, before SES; throwing JobCrash is the sender dying. */
  onClaimed?: (message: RecipientMessage) => void | Promise<void>;
}

export interface SendBatchResult extends SQSBatchResponse {
  notes: MailNote[];
}

/** A message is not started with less than this left: it goes back to the queue for another sender. */
const SAFETY_MARGIN_MS = 20_000;

/** The share of the account's SES rate one sender may use: together the senders stay under it. */
export async function senderPacer(): Promise<Pacer> {
  const share = (await maxSendRate()) / env().SENDER_CONCURRENCY;
  // 95%: headroom for network jitter on the receiving side (see pacer.ts).
  return new Pacer(share, 0.95);
}

const short = (id: string) => id.slice(0, 8);

const noteFor = (
  message: RecipientMessage,
  mail: RecipientMessage['mails'][number],
  status: string,
): MailNote => ({
  kind: mail.kind,
  reminderId: mail.reminderId,
  userId: message.userId,
  daysBefore: mail.daysBefore,
  status,
});

/** What one message's delivery did: each mail's fate, and what the run's record gains. */
export interface MessageResult {
  notes: MailNote[];
  sent: number;
  errors: string[];
}

/**
 * The recipient's profile and the message's reminders as they are now: one BatchGet. A reminder
 * deleted, or moved to another renewal since the run planned it, is left out: that plan no longer
 * holds.
 */
async function readCurrent(message: RecipientMessage, notes: MailNote[]) {
  const reminderKey = (id: string) => ({ pk: keys.user(message.userId), sk: keys.reminder(id) });
  const items = await getItems([
    { pk: keys.user(message.userId), sk: keys.profile() },
    ...message.mails.map((mail) => reminderKey(mail.reminderId)),
  ]);
  const bySk = new Map(items.map((item) => [String(item[TABLE_KEYS.sortKey]), item]));
  const profileItem = bySk.get(keys.profile());
  if (!profileItem) return undefined;
  const profile = parseProfile(profileItem);
  const due: { addressed: Addressed; item: Record<string, unknown> }[] = [];
  for (const queued of message.mails) {
    const item = bySk.get(keys.reminder(queued.reminderId));
    const reminder = item ? parseReminder(item) : undefined;
    // The mail must still be one the reminder schedules now: same renewal, and (for a lead) a lead
    // day and act-by date it still has. An edit or a roll forward since the plan cancels it.
    const dedupeKey = reminder && scheduledKey(reminder, queued);
    if (!item || !reminder || reminder.renewal_date !== queued.renewalDate || !dedupeKey) {
      notes.push(noteFor(message, queued, 'reminder changed'));
      continue;
    }
    due.push({ addressed: { profile, mail: { ...queued, reminder, dedupeKey } }, item });
  }
  return { profile, due };
}

/** The dedupe key of a queued mail if the reminder's schedule still holds it, else undefined. */
function scheduledKey(reminder: Reminder, queued: RecipientMessage['mails'][number]): string | undefined {
  if (reminder.archived_at !== null) return undefined;
  const key =
    queued.kind === 'reminder'
      ? leadDedupeKey(reminder, queued.daysBefore)
      : dedupeKeys.savings(reminder.id, reminder.renewal_date);
  return reminderSchedule(reminder).some((mail) => mail.dedupeKey === key) ? key : undefined;
}

/** Mails one recipient's message. Throws only on a failure worth a redelivery (not an SES refusal). */
export async function sendRecipientMessage(
  message: RecipientMessage,
  options: SenderOptions,
): Promise<MessageResult> {
  const result: MessageResult = { notes: [], sent: 0, errors: [] };
  const { notes } = result;
  const skipAll = (status: string): MessageResult => ({
    ...result,
    notes: message.mails.map((mail) => noteFor(message, mail, status)),
  });
  const current = await readCurrent(message, notes);
  if (!current) return skipAll(ACCOUNT_DELETED);
  const { profile, due } = current;
  if (!profile.reminder_emails) return skipAll('unsubscribed');
  if (await isSuppressed(profile.email)) return skipAll('suppressed');

  const claimed: { addressed: Addressed; item: Record<string, unknown>; send: ClaimedSend }[] = [];
  let heldElsewhere = 0;
  for (const { addressed, item } of due) {
    const claim = await claimMail(dueMailIdentity(addressed), options);
    if ('skipped' in claim) {
      notes.push(noteOf(addressed, claim.skipped));
      if (claim.skipped === HELD_ELSEWHERE) heldElsewhere++;
    } else claimed.push({ addressed, item, send: claim.claimed });
  }
  if (claimed.length > 0) await options.onClaimed?.(message);

  // Two or more mails go as one digest, unless the owner asked for one e-mail per renewal. Either
  // way each mail keeps its own claim and records, so exactly-once and the logs stay per mail.
  const groups = claimed.length > 1 && !profile.email_per_renewal ? [claimed] : claimed.map((one) => [one]);
  for (const group of groups) {
    const mails = group.map(({ addressed }) => addressed);
    const mail = mails.length > 1 ? await composeDigestMail(mails) : (await composeDueMail(mails[0]!)).mail;
    const outcome = await deliverClaimed(
      group.map(({ send }) => send),
      mail,
      options,
    );
    const status =
      outcome.status === 'skipped'
        ? outcome.reason
        : outcome.status === 'failed' && outcome.forGood
          ? FAILED_FOR_GOOD
          : outcome.status;
    for (const addressed of mails) {
      notes.push(noteOf(addressed, status));
      if (outcome.status === 'sent') result.sent++;
      if (outcome.status === 'failed') {
        const tag = `${addressed.mail.kind} ${short(addressed.mail.reminder.id)} for user ${short(profile.user_id)}`;
        result.errors.push(`${tag}: ${outcome.error}`);
      }
    }
  }
  // Each reminder moves in the index to its next mail still to go; a failed one keeps its place.
  for (const { addressed, item } of claimed) {
    await refreshNextMail(profile.user_id, addressed.mail.reminder.id, profile.timezone, item);
  }
  // Another sender holds a claim and has not finished (or died holding it): the message comes back
  // after the queue's visibility timeout, longer than the claim's lease, and takes over a dead claim.
  if (heldElsewhere > 0) throw new ClaimHeldElsewhere(heldElsewhere, result);
  return result;
}

const HELD_ELSEWHERE = 'already pending';
/** A mail SES refused for the last time (MAX_SEND_ATTEMPTS). */
const FAILED_FOR_GOOD = 'failed for good';

/** The message must come back later; what this delivery did is in `result`. */
export class ClaimHeldElsewhere extends Error {
  constructor(
    count: number,
    readonly result: MessageResult,
  ) {
    super(`${count} mails claimed by another sender, not yet sent: retry after the lease`);
  }
}

function parseRecord(record: SQSRecord): RecipientMessage | undefined {
  try {
    const parsed = recipientMessageSchema.safeParse(JSON.parse(record.body));
    if (parsed.success) return parsed.data;
    logger.error('Refused a malformed send message', {
      messageId: record.messageId,
      issues: parsed.error.issues,
    });
  } catch {
    logger.error('Refused a send message that is not JSON', { messageId: record.messageId });
  }
  return undefined;
}

/**
 * One batch of the send queue, as Lambda's SQS event source delivers it. Messages go in parallel
 * (enough to keep this sender's pace full); a message that fails, or is not started for lack of time,
 * is reported back for redelivery (partial batch response), and after repeated failures SQS moves it
 * to the dead-letter queue, whose alarm fires. A malformed message never sends anything.
 */
export async function processSendBatch(event: SQSEvent, options: SenderOptions): Promise<SendBatchResult> {
  const failures: string[] = [];
  const notes: MailNote[] = [];
  // Each run's record gains this batch's counts in one write, whatever happens to the batch.
  const byRun = new Map<string, { run: RecipientMessage['run']; sent: number; errors: string[] }>();
  const tally = (message: RecipientMessage, result: MessageResult) => {
    notes.push(...result.notes);
    const counts = byRun.get(message.run.id) ?? { run: message.run, sent: 0, errors: [] };
    counts.sent += result.sent;
    counts.errors.push(...result.errors);
    byRun.set(message.run.id, counts);
  };
  const lanes = Math.max(1, Math.ceil(options.pacer.ratePerSecond));
  try {
    await forEachConcurrent(event.Records, lanes, async (record) => {
      const message = parseRecord(record);
      if (!message) {
        failures.push(record.messageId);
        return;
      }
      if (options.remainingMs && options.remainingMs() < SAFETY_MARGIN_MS) {
        failures.push(record.messageId);
        return;
      }
      try {
        tally(message, await sendRecipientMessage(message, options));
      } catch (error) {
        if (error instanceof JobCrash) throw error;
        if (error instanceof ClaimHeldElsewhere) tally(message, error.result);
        // Another sender's claim is expected now and then (two runs at once, a redelivery); the rest is not.
        const log =
          error instanceof ClaimHeldElsewhere ? logger.warn.bind(logger) : logger.error.bind(logger);
        log('A send message goes back to the queue', {
          messageId: record.messageId,
          user: short(message.userId),
          error: errorMessage(error),
        });
        failures.push(record.messageId);
      }
    });
  } finally {
    await recordBatch([...byRun.values()], notes);
  }
  return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })), notes };
}

/** A batch's results: added to each run's record, and published as metrics. Never throws. */
async function recordBatch(
  runs: { run: RecipientMessage['run']; sent: number; errors: string[] }[],
  notes: readonly MailNote[],
): Promise<void> {
  for (const { run, sent, errors } of runs) {
    if (sent === 0 && errors.length === 0) continue;
    try {
      await addRunResults(run, { sent, errors });
    } catch (error) {
      // The mails are sent and recorded per mail; only the run's summary count misses them.
      logger.error("A batch's counts were not added to its run's record", {
        run: run.id,
        sent,
        error: errorMessage(error),
      });
    }
  }
  // The planner counts the runs; the senders what went.
  publishJobCounts({
    sent: notes.filter((n) => n.status === 'sent').length,
    // Only mails no later run will try again: a refusal that a later run retries is not yet a loss.
    failed: notes.filter((n) => n.status === FAILED_FOR_GOOD).length,
  });
}

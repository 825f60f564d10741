/**
 * The senders: each takes one recipient's message from the send queue and mails it exactly once, as
 * one digest (or one mail per renewal when the owner asked for that). The profile and the reminders
 * are read fresh when the message is taken; each Mail goes only if its reminder still schedules it
 * (messageMails.ts). Just before SES, one write claims every mail of the digest and checks that the
 * account exists, still takes reminder mail at that address, and that the address is not suppressed;
 * once SES accepts, one write records them all sent (lambdas/store/sending/digests.ts says how a crash
 * between the two is closed).
 */
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { Profile } from '../../../shared/api.ts';
import { composeReminderMail } from '../../mail/registry.ts';
import { sendMail } from '../../mail/send.ts';
import { pushDay, type DailyPushOptions } from '../push/daily.ts';
import { channelsDay, type ChannelsDayOptions } from '../channels/daily.ts';
import { forEachConcurrent } from '../../runtime/concurrency.ts';
import { errorMessage, JobCrash } from '../../runtime/errors.ts';
import { env } from '../../runtime/env.ts';
import { logger } from '../../runtime/logger.ts';
import { publishJobCounts } from '../../runtime/metrics.ts';
import { retrying } from '../../runtime/retry.ts';
import {
  addRunResults,
  claimDigest,
  afterDigestSent,
  recordDigestSent,
  type DigestClaim,
} from '../../store/sending/index.ts';
import { ACCOUNT_DELETED, markFailed } from '../../store/sends.ts';
import type { MailNote } from './due.ts';
import { noteOf } from './due.ts';
import { mailGroups, noteFor, readCurrent, type Sendable } from './messageMails.ts';
import { maxSendRate, Pacer } from './pacer.ts';
import { recipientMessageSchema, type RecipientMessage } from './queue.ts';

export { JobCrash } from '../../runtime/errors.ts';

export interface SenderOptions {
  now: () => Date;
  /** This sender's pace: its share of the account's SES rate. */
  pacer: Pacer;
  leaseMs?: number;
  /** Milliseconds left before the platform stops this sender (Lambda's getRemainingTimeInMillis). */
  remainingMs?: () => number;
  /** Test seam: after the message's profile and reminders are read, before the claim. */
  beforeClaim?: (message: RecipientMessage) => void | Promise<void>;
  /** Test seam: called after a digest's claim, before SES; throwing JobCrash is the sender dying. */
  onClaimed?: (message: RecipientMessage) => void | Promise<void>;
  /** Test seam: after SES accepted a digest, before it is recorded sent. */
  onAccepted?: (message: RecipientMessage) => void | Promise<void>;
  /** Test seam: after a device's push is claimed, before the push service is called. */
  onPushClaimed?: DailyPushOptions['onPushClaimed'];
  /** Test seam: after a channel's message is claimed, before it is sent. */
  onChannelClaimed?: ChannelsDayOptions['onChannelClaimed'];
  /** Test seam: after a channel's service accepted the message, before its record says so. */
  onChannelAccepted?: ChannelsDayOptions['onChannelAccepted'];
}

/** What tests may set on a sender: its clock, its lease, and the seams between its steps. */
export type SenderSeams = Partial<
  Pick<
    SenderOptions,
    | 'now'
    | 'leaseMs'
    | 'beforeClaim'
    | 'onClaimed'
    | 'onAccepted'
    | 'onPushClaimed'
    | 'onChannelClaimed'
    | 'onChannelAccepted'
  >
>;

export interface SendBatchResult extends SQSBatchResponse {
  notes: MailNote[];
}

/** A message is not started with less than this left: it goes back to the queue for another sender. */
const SAFETY_MARGIN_MS = 20_000;

const SES_RETRIES = 4;
const isThrottle = (error: unknown) =>
  /Throttl|TooManyRequests|LimitExceeded/i.test((error as { name?: string }).name ?? '');

/** The share of the account's SES rate one sender may use: together the senders stay under it. */
export async function senderPacer(): Promise<Pacer> {
  const share = (await maxSendRate()) / env().SENDER_CONCURRENCY;
  // 95%: headroom for network jitter on the receiving side (see pacer.ts).
  return new Pacer(share, 0.95);
}

const short = (id: string) => id.slice(0, 8);

/** What one message's delivery did: each mail's fate, and what the run's record gains. */
export interface MessageResult {
  notes: MailNote[];
  sent: number;
  /** Mails this delivery finished with, whatever their fate (sent, skipped, failed, changed). */
  done: number;
  errors: string[];
}

/**
 * The recipient's e-mails of the message, each group claimed and sent once; how many of its mails
 * another sender holds (the message then comes back).
 */
async function mailDigests(
  profile: Profile,
  due: Sendable[],
  message: RecipientMessage,
  options: SenderOptions,
  result: MessageResult,
): Promise<number> {
  const groups = message.pushOnly ? [] : mailGroups(profile, due);
  let heldElsewhere = 0;
  for (let group of groups) {
    // Mails another send holds or settled leave the group, which is claimed again without them.
    while (group.length > 0) {
      const mail = await composeReminderMail(
        profile,
        group.map(({ mail }) => mail),
      );
      const claim = await claimDigest(
        {
          userId: profile.user_id,
          email: profile.email,
          run: message.run,
          mails: group.map((s) => s.record),
        },
        options.now(),
        options.leaseMs,
      );
      if (claim.claimed) {
        await options.onClaimed?.(message);
        await deliver(claim.digest, group, mail, message, options, result);
        break;
      }
      if ('refused' in claim) {
        for (const one of group) result.notes.push(noteOf(one, claim.refused));
        break;
      }
      for (const one of group) {
        const taken = claim.taken.get(one.record.dedupeKey);
        if (!taken) continue;
        const status = `already ${taken.status}`;
        result.notes.push(noteOf(one, status));
        if (status === HELD_ELSEWHERE) heldElsewhere++;
      }
      group = group.filter((s) => !claim.taken.has(s.record.dedupeKey));
    }
  }
  return heldElsewhere;
}

/** Mails one recipient's message. Throws only on a failure worth a redelivery (not an SES refusal). */
export async function sendRecipientMessage(
  message: RecipientMessage,
  options: SenderOptions,
): Promise<MessageResult> {
  const result: MessageResult = { notes: [], sent: 0, done: 0, errors: [] };
  const current = await readCurrent(message, result.notes);
  if (!current) {
    return {
      ...result,
      done: message.pushOnly || message.channelsOnly ? 0 : message.mails.length,
      // The channels' message says nothing of the mails: their own message does.
      notes: message.channelsOnly ? [] : message.mails.map(({ mail }) => noteFor(mail, ACCOUNT_DELETED)),
    };
  }
  const { profile, due } = current;
  const items = due.map(({ mail }) => mail);
  if (message.channelsOnly) {
    // The day's messages on the alert channels, on claims of their own (the e-mail's message is
    // another, whose notes say what became of the mails).
    const channelsResult: MessageResult = { ...result, notes: [] };
    if ((await channelsDay(profile, items, message.day, options)).again)
      throw new PushComesBack(channelsResult);
    return channelsResult;
  }
  await options.beforeClaim?.(message);
  const heldElsewhere = await mailDigests(profile, due, message, options, result);
  // Another sender holds a claim and has not finished (or died holding it): the message comes back
  // after the queue's visibility timeout, longer than the claim's lease, and takes over a dead claim.
  if (heldElsewhere > 0) throw new ClaimHeldElsewhere(heldElsewhere, result);
  // The day's push, on claims of its own: it never stops or repeats the e-mail above.
  if ((await pushDay(profile, items, message.day, options)).again) throw new PushComesBack(result);
  result.done = message.pushOnly ? 0 : message.mails.length;
  return result;
}

/** SES (paced, throttling retried), then the one write that records the digest sent. */
async function deliver(
  digest: DigestClaim,
  group: Sendable[],
  mail: Awaited<ReturnType<typeof composeReminderMail>>,
  message: RecipientMessage,
  options: SenderOptions,
  result: MessageResult,
): Promise<void> {
  let messageId: string;
  try {
    messageId = await retrying(
      async () => {
        await options.pacer.wait();
        // The digest's token and owner travel as SES tags: its Send event finds the digest by them.
        return sendMail({ ...mail, tags: { ...mail.tags, digest: digest.token, user: digest.userId } });
      },
      { retries: SES_RETRIES, retryOn: isThrottle, baseMs: 100 },
    );
  } catch (error) {
    const reason = errorMessage(error);
    for (const one of group) {
      const { forGood } = await markFailed(
        { userId: digest.userId, token: digest.token, dedupeKey: one.record.dedupeKey },
        reason,
        options.now(),
      );
      result.notes.push(noteOf(one, forGood ? FAILED_FOR_GOOD : 'failed'));
      result.errors.push(
        `${one.mail.type} ${short(one.mail.reminderId)} for user ${short(digest.userId)}: ${reason}`,
      );
    }
    return;
  }
  await options.onAccepted?.(message);
  result.sent += group.length;
  for (const one of group) result.notes.push(noteOf(one, 'sent'));
  try {
    if (await recordDigestSent(digest, messageId, options.now())) {
      const problems = await afterDigestSent(digest, options.now());
      for (const problem of problems) logger.error('Digest sent; its log or index move failed', { problem });
    }
  } catch (error) {
    // SES accepted it: the claims hold, and SES's Send event records it (see store/sending/digests.ts).
    logger.error('Digest accepted by SES but not recorded; its Send event will record it', {
      digest: digest.token,
      messageId,
      error: errorMessage(error),
    });
  }
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

/** A device's push is worth another try: the message comes back (its e-mails are sent or settled). */
export class PushComesBack extends ClaimHeldElsewhere {
  constructor(result: MessageResult) {
    super(0, result);
    this.message =
      "A device's push or a channel's message failed or is held by another sender: retry after the visibility timeout";
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
  // The run's record gains each message's counts as soon as that message is done, so a sender that
  // dies loses the count of at most the message it was on.
  const tally = async (record: SQSRecord, message: RecipientMessage, result: MessageResult) => {
    notes.push(...result.notes);
    await countForRun(
      { run: message.run, sent: result.sent, done: result.done, errors: result.errors },
      record.messageId,
    );
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
        await tally(record, message, await sendRecipientMessage(message, options));
      } catch (error) {
        if (error instanceof JobCrash) throw error;
        if (error instanceof ClaimHeldElsewhere) await tally(record, message, error.result);
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
    publishBatch(notes);
  }
  return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })), notes };
}

interface RunCounts {
  run: RecipientMessage['run'];
  sent: number;
  done: number;
  errors: string[];
}

/** A message's results, added to its run's record. Never throws. */
async function countForRun({ run, sent, done, errors }: RunCounts, messageId: string): Promise<void> {
  if (sent === 0 && done === 0 && errors.length === 0) return;
  try {
    await addRunResults(run, { sent, done, errors }, messageId);
  } catch (error) {
    // The mails are sent and recorded per mail; only the run's summary count misses them.
    logger.error("A message's counts were not added to its run's record", {
      run: run.id,
      sent,
      error: errorMessage(error),
    });
  }
}

/** A batch's results as metrics: the planner counts the runs; the senders what went. */
function publishBatch(notes: readonly MailNote[]): void {
  publishJobCounts({
    sent: notes.filter((n) => n.status === 'sent').length,
    // Only mails no later run will try again: a refusal that a later run retries is not yet a loss.
    failed: notes.filter((n) => n.status === FAILED_FOR_GOOD).length,
  });
}

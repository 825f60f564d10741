/**
 * The queue between the job's planner and its senders: one message per recipient of a run, holding
 * what the planner decided (which Mails, with which days left). The sender re-reads the profile and
 * the reminders when it sends, derives each dedupe key from the Mail, and sends only what the
 * reminder still schedules, so a message can only ever ask for a mail the owner's reminder holds.
 */
import * as z from 'zod';
import { mailOf } from '../../../shared/reminder/mail.ts';
import { reminderMailKindOf } from '../../../shared/reminder/mails/index.ts';
import { idSchema, mailSchema } from '../../../shared/reminder/mail-schema.ts';
import { isoDate } from '../../../shared/schemas/fields.ts';
import { sqsClient } from '../../runtime/clients.ts';
import { env } from '../../runtime/env.ts';
import { retrying } from '../../runtime/retry.ts';
import type { Addressed } from './due.ts';

/**
 * The most mails one message holds (a message stays far under SQS's 256 KB): a recipient's mails of
 * a run go as one message, and so as one digest, up to this many.
 */
export const MAILS_PER_MESSAGE = 500;

/** SQS takes at most 10 entries per SendMessageBatch. */
const BATCH_ENTRIES = 10;

/** One mail of a message: the Mail, with what the planner decided (days left, late). */
export const queuedMailSchema = z
  .object({
    mail: mailSchema,
    /** Days left on the owner's date of the run (a window: to the renewal; null for the follow-up). */
    daysLeft: z.number().int().min(0).max(366).nullable(),
    late: z.boolean(),
  })
  .strict()
  .refine((queued) => reminderMailKindOf(queued.mail.type).countsDown === (queued.daysLeft !== null), {
    message: 'A mail that counts down has days left; a follow-up has none',
  });
export type QueuedMail = z.infer<typeof queuedMailSchema>;

export const recipientMessageSchema = z
  .object({
    v: z.literal(2),
    /** The cron run that planned it: its record gains the senders' counts. */
    run: z.object({ id: idSchema, ranAt: z.iso.datetime() }).strict(),
    userId: idSchema,
    mails: z.array(queuedMailSchema).min(1).max(MAILS_PER_MESSAGE),
    /** The recipient's date of the run: the day of its push (one a day). Older messages lack it. */
    day: isoDate.optional(),
    /** No e-mail (the recipient takes none, or the address is suppressed): the day's push only. */
    pushOnly: z.literal(true).optional(),
    /** The day's messages on the recipient's alert channels only (no e-mail, no push). */
    channelsOnly: z.literal(true).optional(),
    /**
     * The recipient's household, when a mail is of a shared reminder: only where the sender looks
     * first. It reads the household their own membership item names, whatever this says.
     */
    household: idSchema.optional(),
  })
  .strict()
  .refine((message) => message.mails.every(({ mail }) => mail.userId === message.userId), {
    message: 'Every mail of a message goes to its recipient',
  })
  .refine((message) => !(message.pushOnly && message.channelsOnly), {
    message: 'A message is for the push alone or for the channels alone, not both',
  });
export type RecipientMessage = z.infer<typeof recipientMessageSchema>;

export interface RunRef {
  id: string;
  ranAt: string;
}

/**
 * The planner's due mails as queue messages: one per recipient (more only past MAILS_PER_MESSAGE).
 * `dayIn` gives the recipient's date of the run in their zone (the push's day).
 */
export function recipientMessages(
  deliverable: readonly Addressed[],
  run: RunRef,
  dayIn?: (zone: string) => string,
  extra: Pick<RecipientMessage, 'pushOnly' | 'channelsOnly'> = {},
): RecipientMessage[] {
  const byUser = new Map<
    string,
    { zone: string; mails: QueuedMail[]; household?: string; keys: Set<string> }
  >();
  for (const { mail, profile, householdId } of deliverable) {
    const entry = byUser.get(mail.userId) ?? { zone: profile.timezone, mails: [], keys: new Set() };
    // A reminder the index listed twice (an own entry not yet gone after it was shared, as an index
    // can lag its table) plans the same mail twice: it goes once.
    if (entry.keys.has(mail.dedupeKey)) continue;
    entry.keys.add(mail.dedupeKey);
    entry.mails.push({ mail: mailOf(mail), daysLeft: mail.daysLeft, late: mail.late });
    entry.household ??= householdId;
    byUser.set(mail.userId, entry);
  }
  const messages: RecipientMessage[] = [];
  for (const [userId, { zone, mails, household }] of byUser) {
    const day = dayIn ? { day: dayIn(zone) } : {};
    const hint = household ? { household } : {};
    for (let i = 0; i < mails.length; i += MAILS_PER_MESSAGE) {
      const part = mails.slice(i, i + MAILS_PER_MESSAGE);
      messages.push({ v: 2, run, userId, mails: part, ...day, ...hint, ...extra });
    }
  }
  return messages;
}

export interface EnqueueResult {
  /** Mails in messages SQS accepted. */
  queued: number;
  /** Mails whose messages SQS refused even after retries: still open, the next run plans them again. */
  notQueued: number;
  errors: string[];
}

/**
 * Puts the messages on the send queue, ten per call. Entries SQS refuses are retried (with back-off);
 * what still fails is reported, never dropped silently: those mails stay open in the index, so the
 * next run queues them again.
 */
export async function enqueue(messages: readonly RecipientMessage[]): Promise<EnqueueResult> {
  const queueUrl = env().SEND_QUEUE_URL;
  if (!queueUrl) throw new Error('SEND_QUEUE_URL is not set: the job has no queue to send through');
  const result: EnqueueResult = { queued: 0, notQueued: 0, errors: [] };
  const { SendMessageBatchCommand } = await import('@aws-sdk/client-sqs');
  const sqs = await sqsClient();
  for (let start = 0; start < messages.length; start += BATCH_ENTRIES) {
    let pending = messages
      .slice(start, start + BATCH_ENTRIES)
      .map((message, i) => ({ message, id: `m${i}` }));
    try {
      await retrying(
        async () => {
          const response = await sqs.send(
            new SendMessageBatchCommand({
              QueueUrl: queueUrl,
              Entries: pending.map(({ message, id: entryId }) => ({
                Id: entryId,
                MessageBody: JSON.stringify(message),
              })),
            }),
          );
          const failed = new Set((response.Failed ?? []).map((f) => f.Id));
          for (const entry of pending) if (!failed.has(entry.id)) result.queued += entry.message.mails.length;
          pending = pending.filter((entry) => failed.has(entry.id));
          if (pending.length > 0) {
            const reason = response.Failed?.[0]?.Message ?? 'refused';
            throw new Error(`SQS refused ${pending.length} messages: ${reason}`);
          }
        },
        { retries: 4, baseMs: 100, retryOn: () => true },
      );
    } catch (error) {
      const count = pending.reduce((sum, entry) => sum + entry.message.mails.length, 0);
      result.notQueued += count;
      result.errors.push(`${count} mails not queued, left for the next run: ${(error as Error).message}`);
    }
  }
  return result;
}

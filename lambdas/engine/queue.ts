/**
 * The queue between the job's planner and its senders: one message per recipient of a run, holding
 * what the planner decided (which mails, with which days left). The sender re-reads everything
 * else (profile, reminders, suppression) when it sends, and computes the dedupe keys itself, so a
 * message can only ever ask for a mail the owner's own reminder schedules.
 */
import * as z from 'zod';
import { isoDate } from '../../shared/schemas.ts';
import { sqsClient } from '../runtime/clients.ts';
import { env } from '../runtime/env.ts';
import { retrying } from '../runtime/retry.ts';
import type { Addressed } from './due.ts';

/** A recipient with more due mails than this gets several messages (each one mail, or one digest). */
export const MAILS_PER_MESSAGE = 25;

/** SQS takes at most 10 entries per SendMessageBatch. */
const BATCH_ENTRIES = 10;

const id = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'Invalid id');

const queuedMailFields = {
  reminderId: id,
  /** The renewal the planner scheduled for: a reminder moved since then is not mailed. */
  renewalDate: isoDate,
  late: z.boolean(),
};
export const queuedMailSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('reminder'),
      ...queuedMailFields,
      daysBefore: z.number().int().min(0).max(365),
      /** Days left on the owner's date of the run. */
      daysLeft: z.number().int().min(0).max(366),
    })
    .strict(),
  z
    .object({ kind: z.literal('savings'), ...queuedMailFields, daysBefore: z.null(), daysLeft: z.null() })
    .strict(),
]);
export type QueuedMail = z.infer<typeof queuedMailSchema>;

export const recipientMessageSchema = z
  .object({
    v: z.literal(1),
    /** The cron run that planned it: its record gains the senders' counts. */
    run: z.object({ id, ranAt: z.iso.datetime() }).strict(),
    userId: id,
    mails: z.array(queuedMailSchema).min(1).max(MAILS_PER_MESSAGE),
  })
  .strict();
export type RecipientMessage = z.infer<typeof recipientMessageSchema>;

export interface RunRef {
  id: string;
  ranAt: string;
}

/** The planner's due mails as queue messages: grouped by recipient, at most MAILS_PER_MESSAGE each. */
export function recipientMessages(deliverable: readonly Addressed[], run: RunRef): RecipientMessage[] {
  const byUser = new Map<string, QueuedMail[]>();
  for (const { mail, profile } of deliverable) {
    const mails = byUser.get(profile.user_id) ?? [];
    const common = { reminderId: mail.reminder.id, renewalDate: mail.reminder.renewal_date, late: mail.late };
    mails.push(
      mail.kind === 'reminder'
        ? { kind: 'reminder', ...common, daysBefore: mail.daysBefore ?? 0, daysLeft: mail.daysLeft ?? 0 }
        : { kind: 'savings', ...common, daysBefore: null, daysLeft: null },
    );
    byUser.set(profile.user_id, mails);
  }
  const messages: RecipientMessage[] = [];
  for (const [userId, mails] of byUser) {
    for (let i = 0; i < mails.length; i += MAILS_PER_MESSAGE) {
      messages.push({ v: 1, run, userId, mails: mails.slice(i, i + MAILS_PER_MESSAGE) });
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

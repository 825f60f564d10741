/**
 * One local sender: what Lambda's SQS event source does for one container on AWS. It receives
 * batches from the send queue, hands the same SQSEvent to the same sender code, deletes what
 * succeeded and leaves what failed to come back after the visibility timeout.
 */
import { randomUUID } from 'node:crypto';
import { DeleteMessageBatchCommand, ReceiveMessageCommand, type Message } from '@aws-sdk/client-sqs';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import type { MailNote } from '../../lambdas/features/engine/due.ts';
import type { Pacer } from '../../lambdas/features/engine/pacer.ts';
import { processSendBatch, senderPacer, type SenderSeams } from '../../lambdas/features/engine/sender.ts';
import { sqsClient } from '../../lambdas/runtime/clients.ts';
import { SENDER_SETTINGS } from '../../shared/senders.ts';

export const REGION = 'eu-west-2';
/** SQS hands out, and deletes, at most ten messages per call. */
const PER_RECEIVE = 10;
/** SQS's longest long poll, which Lambda's event source uses. */
const LONG_POLL_SECONDS = 20;

/** What a lane tells whoever runs it: batches in hand, what became of each mail, trouble. */
export interface LaneReport {
  busy(delta: number): void;
  notes(notes: MailNote[]): void;
  log(line: string): void;
}

/** A sender thread's messages to the local stack. */
export type WorkerMessage = { busy: number } | { notes: MailNote[] } | { log: string } | { activeMs: number };

/** The record Lambda's SQS event source builds from a received message. */
function toRecord(message: Message, queueArn: string): SQSRecord {
  const attributes = message.Attributes ?? {};
  return {
    messageId: message.MessageId!,
    receiptHandle: message.ReceiptHandle!,
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
      SentTimestamp: attributes.SentTimestamp ?? String(Date.now()),
      SenderId: attributes.SenderId ?? '000000000000',
      ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
    },
    messageAttributes: {},
    md5OfBody: message.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: queueArn,
    awsRegion: REGION,
  };
}

/**
 * A batch as the event source gathers it on AWS: up to SENDER_SETTINGS.batchSize messages, receiving until
 * the batch is full, the queue has no more, or the batching window has passed. The first receive is a
 * long poll of SQS's longest, 20 s, as the event source's: an idle lane costs one call in 20 s, not one
 * a second (most local stacks, a browser test's say, never send). `stopped` ends it at once.
 */
async function receiveBatch(queueUrl: string, stopped: AbortSignal): Promise<Message[]> {
  const batch: Message[] = [];
  const closes = Date.now() + SENDER_SETTINGS.maxBatchingWindowSeconds * 1000;
  while (batch.length < SENDER_SETTINGS.batchSize) {
    const { Messages = [] } = await (
      await sqsClient()
    ).send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MaxNumberOfMessages: Math.min(PER_RECEIVE, SENDER_SETTINGS.batchSize - batch.length),
        // Wait for the first message; after it, take only what is there now.
        WaitTimeSeconds: batch.length === 0 ? LONG_POLL_SECONDS : 0,
        MessageSystemAttributeNames: ['All'],
      }),
      // Only the wait is cut short: a batch part-gathered is sent, not left in flight.
      batch.length === 0 ? { abortSignal: stopped } : {},
    );
    batch.push(...Messages);
    if (Messages.length === 0 || Date.now() >= closes) break;
  }
  return batch;
}

export async function pollLane(
  queueUrl: string,
  control: {
    /** Aborted to stop the lane: a long poll in progress ends at once, a batch in hand finishes. */
    stopped: AbortSignal;
    overrides: () => SenderSeams;
  },
  report: LaneReport,
): Promise<void> {
  const queueArn = `arn:aws:sqs:${REGION}:000000000000:${queueUrl.split('/').pop()}`;
  let pacer: Pacer | undefined;
  while (!control.stopped.aborted) {
    let messages: Message[] = [];
    try {
      messages = await receiveBatch(queueUrl, control.stopped);
    } catch (error) {
      if (control.stopped.aborted) break;
      report.log(`send queue: receive failed: ${(error as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    if (messages.length === 0) continue;
    report.busy(1);
    try {
      pacer ??= await senderPacer();
      const event: SQSEvent = { Records: messages.map((m) => toRecord(m, queueArn)) };
      const result = await processSendBatch(event, { now: () => new Date(), pacer, ...control.overrides() });
      report.notes(result.notes);
      const failed = new Set(result.batchItemFailures.map((f) => f.itemIdentifier));
      const done = messages.filter((m) => !failed.has(m.MessageId!));
      // As the event source does: delete what succeeded, ten per call (SQS's limit).
      for (let i = 0; i < done.length; i += PER_RECEIVE) {
        await (
          await sqsClient()
        ).send(
          new DeleteMessageBatchCommand({
            QueueUrl: queueUrl,
            Entries: done
              .slice(i, i + PER_RECEIVE)
              .map((m) => ({ Id: randomUUID(), ReceiptHandle: m.ReceiptHandle! })),
          }),
        );
      }
    } catch (error) {
      // As when a Lambda invocation fails: nothing is deleted, the whole batch comes back later.
      report.log(`send queue: a batch failed and will be redelivered: ${(error as Error).message}`);
    } finally {
      report.busy(-1);
    }
  }
}

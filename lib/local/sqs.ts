/**
 * The send queue on one machine: fauxqs (an SQS emulator that speaks the SDK v3 protocol) with the
 * queue and its dead-letter queue, and a poller that does what Lambda's SQS event source does on
 * AWS: receive batches, hand the same SQSEvent to the same sender code, delete what succeeded, and
 * leave what failed to come back after the visibility timeout (then to the dead-letter queue).
 */
import { randomUUID } from 'node:crypto';
import {
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  type Message,
} from '@aws-sdk/client-sqs';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { startFauxqs } from 'fauxqs';
import type { MailNote } from '../../lambdas/engine/due.ts';
import type { Pacer } from '../../lambdas/engine/pacer.ts';
import { processSendBatch, senderPacer, type SenderOptions } from '../../lambdas/engine/sender.ts';
import { sqsClient } from '../../lambdas/runtime/clients.ts';

const REGION = 'eu-west-2';
export const SEND_QUEUE = 'renewal-reminders-local-send';
const DEAD_LETTERS = `${SEND_QUEUE}-dlq`;
/** As the event source on AWS: at most ten messages per batch. */
const BATCH_SIZE = 10;

export interface LocalSqsOptions {
  /** Seconds before a message that was received but not deleted comes back. */
  visibilityTimeoutSeconds: number;
  /** Receives before a message goes to the dead-letter queue. */
  maxReceiveCount: number;
}

export interface LocalSqs {
  endpoint: string;
  queueUrl: string;
  deadLetterQueueUrl: string;
  stop(): Promise<void>;
}

export async function startLocalSqs(options: LocalSqsOptions): Promise<LocalSqs> {
  const server = await startFauxqs({ port: 0, host: '127.0.0.1', logger: false, defaultRegion: REGION });
  const endpoint = `http://127.0.0.1:${server.port}`;
  const dlq = server.createQueue(DEAD_LETTERS, { region: REGION });
  const queue = server.createQueue(SEND_QUEUE, {
    region: REGION,
    attributes: {
      VisibilityTimeout: String(options.visibilityTimeoutSeconds),
      RedrivePolicy: JSON.stringify({
        deadLetterTargetArn: dlq.queueArn,
        maxReceiveCount: String(options.maxReceiveCount),
      }),
    },
  });
  return {
    endpoint,
    queueUrl: queue.queueUrl,
    deadLetterQueueUrl: dlq.queueUrl,
    stop: () => server.stop(),
  };
}

/** Messages waiting or in flight on a queue (SQS's approximate counts). */
export async function messagesLeft(queueUrl: string): Promise<number> {
  const { Attributes = {} } = await sqsClient().send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrl,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  return (
    Number(Attributes.ApproximateNumberOfMessages ?? 0) +
    Number(Attributes.ApproximateNumberOfMessagesNotVisible ?? 0)
  );
}

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

export interface SendPoller {
  /** Resolves once the queue holds nothing (none waiting, none in flight) and every lane is idle. */
  idle(): Promise<void>;
  /** Test seams for the senders (a fixed clock, a crash after claiming); empty in normal use. */
  overrides: Partial<Pick<SenderOptions, 'now' | 'leaseMs' | 'onClaimed'>>;
  /** What the senders did with each mail since the last take. */
  takeNotes(): MailNote[];
  stop(): Promise<void>;
}

/**
 * `lanes` senders, each polling the queue and pacing itself at its share of the SES rate (the
 * environment's SENDER_CONCURRENCY, which the local stack sets to `lanes`), as the event source's
 * maximum concurrency does on AWS.
 */
export function startSendPoller(queueUrl: string, lanes: number, log: (line: string) => void): SendPoller {
  let running = true;
  let busy = 0;
  let notes: MailNote[] = [];
  const queueArn = `arn:aws:sqs:${REGION}:000000000000:${queueUrl.split('/').pop()}`;
  const poller: SendPoller = {
    overrides: {},
    takeNotes() {
      const taken = notes;
      notes = [];
      return taken;
    },
    async idle() {
      for (;;) {
        if ((await messagesLeft(queueUrl)) === 0 && busy === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };

  async function lane(): Promise<void> {
    let pacer: Pacer | undefined;
    while (running) {
      let messages: Message[] = [];
      try {
        ({ Messages: messages = [] } = await sqsClient().send(
          new ReceiveMessageCommand({
            QueueUrl: queueUrl,
            MaxNumberOfMessages: BATCH_SIZE,
            WaitTimeSeconds: 1,
            MessageSystemAttributeNames: ['All'],
          }),
        ));
      } catch (error) {
        if (running) log(`send queue: receive failed: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
        continue;
      }
      if (messages.length === 0) continue;
      busy++;
      try {
        pacer ??= await senderPacer();
        const event: SQSEvent = { Records: messages.map((m) => toRecord(m, queueArn)) };
        const result = await processSendBatch(event, { now: () => new Date(), pacer, ...poller.overrides });
        notes.push(...result.notes);
        const failed = new Set(result.batchItemFailures.map((f) => f.itemIdentifier));
        const done = messages.filter((m) => !failed.has(m.MessageId!));
        if (done.length > 0) {
          await sqsClient().send(
            new DeleteMessageBatchCommand({
              QueueUrl: queueUrl,
              Entries: done.map((m) => ({ Id: randomUUID(), ReceiptHandle: m.ReceiptHandle! })),
            }),
          );
        }
      } catch (error) {
        // As when a Lambda invocation fails: nothing is deleted, the whole batch comes back later.
        log(`send queue: a batch failed and will be redelivered: ${(error as Error).message}`);
      } finally {
        busy--;
      }
    }
  }
  const loops = Array.from({ length: lanes }, () => lane());
  return poller;
}

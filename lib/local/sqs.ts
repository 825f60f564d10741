/**
 * The send queue on one machine: fauxqs (an SQS emulator that speaks the SDK v3 protocol) with the
 * queue and its dead-letter queue, and a poller that does what Lambda's SQS event source does on
 * AWS: receive batches, hand the same SQSEvent to the same sender code, delete what succeeded, and
 * leave what failed to come back after the visibility timeout (then to the dead-letter queue).
 */
import { Worker } from 'node:worker_threads';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { buildApp } from 'fauxqs';
import type { MailNote } from '../../lambdas/features/engine/due.ts';
import type { SenderSeams } from '../../lambdas/features/engine/sender.ts';
import { sqsClient } from '../../lambdas/runtime/clients.ts';
import { guardHost } from './ownHost.ts';
import { tsWorkerBoot } from './threads.ts';
import { pollLane, REGION, type LaneReport, type WorkerMessage } from './sendLane.ts';

const SEND_QUEUE = 'renewal-reminders-local-send';
const DEAD_LETTERS = `${SEND_QUEUE}-dlq`;

export interface LocalSqsOptions {
  /** Seconds before a message that was received but not deleted comes back. */
  visibilityTimeoutSeconds: number;
  /** Receives before a message goes to the dead-letter queue. */
  maxReceiveCount: number;
  /** Called on each SendMessage or SendMessageBatch call, before fauxqs handles it. */
  onSend?: () => void;
}

export interface LocalSqs {
  endpoint: string;
  /** The interface it listens on: the loopback only. */
  address: string;
  queueUrl: string;
  stop(): Promise<void>;
}

/**
 * fauxqs's own start listens on every interface (0.0.0.0), whatever host it is given: its app is
 * started here instead, on the loopback only, answering its own Host only (ownHost.ts), and the
 * queues are made through the SQS API, as on AWS.
 */
export async function startLocalSqs(options: LocalSqsOptions): Promise<LocalSqs> {
  const app = buildApp({ logger: false, defaultRegion: REGION });
  const { onSend } = options;
  if (onSend) {
    app.addHook('onRequest', async (request: { headers: IncomingHttpHeaders }) => {
      if (/^AmazonSQS\.SendMessage(Batch)?$/.test(String(request.headers['x-amz-target']))) onSend();
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  guardHost(app.server);
  const { address, port } = app.server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new SQSClient({
    endpoint,
    region: REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const dlqUrl = (await client.send(new CreateQueueCommand({ QueueName: DEAD_LETTERS }))).QueueUrl!;
  const { Attributes = {} } = await client.send(
    new GetQueueAttributesCommand({ QueueUrl: dlqUrl, AttributeNames: ['QueueArn'] }),
  );
  const { QueueUrl: queueUrl } = await client.send(
    new CreateQueueCommand({
      QueueName: SEND_QUEUE,
      Attributes: {
        VisibilityTimeout: String(options.visibilityTimeoutSeconds),
        RedrivePolicy: JSON.stringify({
          deadLetterTargetArn: Attributes.QueueArn,
          maxReceiveCount: String(options.maxReceiveCount),
        }),
      },
    }),
  );
  client.destroy();
  return { endpoint, address, queueUrl: queueUrl!, stop: () => app.close() };
}

/** Messages waiting or in flight on a queue (SQS's approximate counts). */
export async function messagesLeft(queueUrl: string): Promise<number> {
  const { Attributes = {} } = await (
    await sqsClient()
  ).send(
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

const SEND_WORKER_BOOT = tsWorkerBoot(new URL('./sendWorker.ts', import.meta.url));

export interface SendPoller {
  /** Resolves once the queue holds nothing (none waiting, none in flight) and every lane is idle. */
  idle(): Promise<void>;
  /**
   * Test seams for the senders (a fixed clock, a crash after claiming); empty in normal use. Only
   * senders in this thread see them (not `threads` ones).
   */
  overrides: SenderSeams;
  /** What the senders did with each mail since the last take. */
  takeNotes(): MailNote[];
  /** Starts the sender threads if they are not up yet (`threads`: on the queue's first send). */
  wake(): void;
  /** Milliseconds the sender threads' event loops have spent running code (`threads` only). */
  senderActiveMs(): number;
  stop(): Promise<void>;
}

/**
 * `lanes` senders, each polling the queue and pacing itself at its share of the SES rate (the
 * environment's SENDER_CONCURRENCY, which the local stack sets to `lanes`), as the event source's
 * maximum concurrency does on AWS. With `threads`, each sender runs in a worker thread of its own,
 * with its own SDK clients and pacer, as each Lambda container does: the stand-ins keep this thread
 * and the senders use the machine's other cores. The threads start on wake(), which the local stack
 * calls on the queue's first send: a thread costs about 0.7 s of CPU to load, and most stacks (a
 * browser test's, say) send nothing through the queue.
 */
export function startSendPoller(
  queueUrl: string,
  lanes: number,
  log: (line: string) => void,
  options: { threads?: boolean } = {},
): SendPoller {
  const stop = new AbortController();
  let busy = 0;
  let notes: MailNote[] = [];
  let activeMs = 0;
  const report: ThreadReport = {
    busy: (delta) => (busy += delta),
    notes: (done) => notes.push(...done),
    log,
    activeMs: (ms) => (activeMs += ms),
  };
  let stops: (() => Promise<void>)[] = [];
  const poller: SendPoller = {
    overrides: {},
    senderActiveMs: () => activeMs,
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
    wake() {
      if (!stop.signal.aborted && stops.length === 0)
        stops = Array.from({ length: lanes }, () => startThread(queueUrl, report));
    },
    async stop() {
      stop.abort();
      await Promise.all(stops.map((stopLane) => stopLane()));
    },
  };
  if (!options.threads) {
    stops = Array.from({ length: lanes }, () => {
      const done = pollLane(queueUrl, { stopped: stop.signal, overrides: () => poller.overrides }, report);
      return () => done;
    });
  }
  return poller;
}

type ThreadReport = LaneReport & { activeMs(ms: number): void };

/** One sender in a worker thread of its own; returns how to stop it. */
function startThread(queueUrl: string, report: ThreadReport): () => Promise<void> {
  const worker = new Worker(SEND_WORKER_BOOT, { eval: true, workerData: { queueUrl } });
  worker.on('message', (message: WorkerMessage) => {
    if ('busy' in message) report.busy(message.busy);
    if ('notes' in message) report.notes(message.notes);
    if ('log' in message) report.log(message.log);
    if ('activeMs' in message) report.activeMs(message.activeMs);
  });
  worker.on('error', (error) => report.log(`send queue: a sender thread failed: ${error.message}`));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return async () => {
    worker.postMessage('stop');
    // A lane finishes the batch in hand (its long poll ends at once); then the thread ends.
    const timeout = setTimeout(() => void worker.terminate(), 5_000);
    await exited;
    clearTimeout(timeout);
  };
}

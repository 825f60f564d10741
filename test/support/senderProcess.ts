/**
 * A sender in a process of its own, as a Lambda container is, for tests that kill it with SIGKILL
 * mid-digest. It polls the test stack's send queue (the stand-ins live in the test's process, as
 * SQS, SES and DynamoDB outlive a Lambda container on AWS) and tells its parent, over IPC, when it
 * reaches the seam the test named, then waits there: to be killed, or (for `beforeClaim`) to be told
 * to go on.
 */
import { pollLane } from '../../lib/local/sendLane.ts';
import type { RecipientMessage } from '../../lambdas/features/engine/queue.ts';

export interface SenderProcessConfig {
  queueUrl: string;
  /** The seam to stop at, and for which recipients' messages. */
  stopAt?: 'beforeClaim' | 'onClaimed' | 'onAccepted';
  stopFor?: string[];
  /** Added to the clock: a restarted sender after the claim lease. */
  clockOffsetMs?: number;
}

export type SenderProcessMessage = { stopped: string } | { log: string };

/** The test's config, the process's one argument. */
const config = JSON.parse(process.argv[2] ?? '{}') as SenderProcessConfig;
// One sender, as one Lambda container is: the whole SES rate is its own. (This process's environment
// is its own: the test's worker does not see it.)
process.env.SENDER_CONCURRENCY = '1';
const send = (message: SenderProcessMessage) => process.send?.(message);
const resumed = new Set<string>();
process.on('message', (message: { resume?: string }) => {
  if (message.resume) resumed.add(message.resume);
});

const stop = (seam: NonNullable<SenderProcessConfig['stopAt']>) => async (message: RecipientMessage) => {
  if (config.stopAt !== seam || !config.stopFor?.includes(message.userId)) return;
  send({ stopped: message.userId });
  while (!resumed.has(message.userId)) await new Promise((resolve) => setTimeout(resolve, 20));
};

await pollLane(
  config.queueUrl,
  {
    // Runs until killed.
    stopped: new AbortController().signal,
    overrides: () => ({
      now: () => new Date(Date.now() + (config.clockOffsetMs ?? 0)),
      beforeClaim: stop('beforeClaim'),
      onClaimed: stop('onClaimed'),
      onAccepted: stop('onAccepted'),
    }),
  },
  { busy: () => undefined, notes: () => undefined, log: (log) => send({ log }) },
);

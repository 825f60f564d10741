/** Runs the reminder job as the schedule does: the planner queues, the local senders send. */
import { planRun, type RunOptions, type RunResult } from '../../lambdas/features/engine/planner.ts';
import type { SenderSeams } from '../../lambdas/features/engine/sender.ts';
import { latestCronRuns } from '../../lambdas/store/sending/index.ts';
import type { LocalStack } from '../../lib/local/stack.ts';

/** A run's options, and the senders' fault seams for it (the e-mail's, push's and the channels'). */
export type JobOptions = RunOptions &
  Pick<SenderSeams, 'leaseMs' | 'onClaimed' | 'onPushClaimed' | 'onChannelClaimed' | 'onChannelAccepted'>;

/**
 * Plans a run, waits until the local senders have drained the send queue, and returns the run with
 * the senders' results: the record's sent count and errors, and what became of each mail.
 */
export async function runJob(stack: LocalStack, options: JobOptions): Promise<RunResult> {
  const { leaseMs, onClaimed, onPushClaimed, onChannelClaimed, onChannelAccepted, ...run } = options;
  const seams = { now: run.now, leaseMs, onClaimed, onPushClaimed, onChannelClaimed, onChannelAccepted };
  stack.sendPoller.overrides = Object.fromEntries(
    Object.entries(seams).filter(([, value]) => value !== undefined),
  );
  stack.sendPoller.takeNotes();
  try {
    const planned = await planRun(run);
    await stack.sendPoller.idle();
    const record = (await latestCronRuns(50)).find((r) => r.id === planned.id);
    if (!record) throw new Error(`The run ${planned.id} left no record`);
    return {
      ...planned,
      items_processed: record.items_processed,
      errors: record.errors,
      mails: [...planned.mails.filter((m) => m.status !== 'queued'), ...stack.sendPoller.takeNotes()],
    };
  } finally {
    stack.sendPoller.overrides = {};
  }
}

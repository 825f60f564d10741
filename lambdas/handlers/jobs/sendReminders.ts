import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { Pacer } from '../../features/engine/pacer.ts';
import { processSendBatch, senderPacer } from '../../features/engine/sender.ts';
import { traced } from '../../runtime/tracer.ts';

/** This container's pace, kept across invocations: its share of the account's SES rate. */
let pacer: Pacer | undefined;

/**
 * The sender: Lambda's SQS event source hands it batches of the send queue (partial batch responses
 * on). Each message is one recipient's mails of a run, mailed exactly once (lambdas/features/engine/sender.ts).
 */
export const handler = traced(async (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> => {
  pacer ??= await senderPacer();
  const { batchItemFailures } = await processSendBatch(event, {
    now: () => new Date(),
    pacer,
    remainingMs: context ? () => context.getRemainingTimeInMillis() : undefined,
  });
  return { batchItemFailures };
});

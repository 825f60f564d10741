import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './clients.ts';
import { forEachConcurrent } from './concurrency.ts';
import { env } from './env.ts';
import { untilDone } from './retry.ts';

export type WriteRequest =
  { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

/** BatchWriteItem's limit per call. */
export const BATCH_WRITE_SIZE = 25;

export interface BatchWriteOptions {
  /** BatchWrite calls in flight at once (default 1: one after another). */
  concurrency?: number;
  /**
   * Calls per batch of 25 before what DynamoDB still leaves unprocessed is an error
   * (UnfinishedBatchError); unbounded by default.
   */
  maxRounds?: number;
}

/**
 * Writes every request to the table, 25 per BatchWrite, retrying what DynamoDB leaves unprocessed
 * (under load it may) with a short back-off until nothing remains, or until `maxRounds` when set. A
 * failure stops the other lanes taking new batches and is passed on: rows are never dropped silently.
 */
export async function batchWriteAll(
  requests: WriteRequest[],
  { concurrency = 1, maxRounds }: BatchWriteOptions = {},
): Promise<void> {
  const table = env().TABLE_NAME;
  const batches: WriteRequest[][] = [];
  for (let i = 0; i < requests.length; i += BATCH_WRITE_SIZE) {
    batches.push(requests.slice(i, i + BATCH_WRITE_SIZE));
  }
  await forEachConcurrent(batches, concurrency, (batch) =>
    untilDone(
      batch,
      async (pending) => {
        const result = await dynamo().send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
        return (result.UnprocessedItems?.[table] ?? []) as WriteRequest[];
      },
      { maxRounds },
    ),
  );
}

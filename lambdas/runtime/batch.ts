import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './clients.ts';
import { env } from './env.ts';
import { untilDone } from './retry.ts';

type WriteRequest =
  { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

/**
 * Writes every request to the table, 25 per BatchWrite, retrying what DynamoDB leaves unprocessed
 * (under load it may) with a short back-off until nothing remains.
 */
export async function batchWriteAll(requests: WriteRequest[]): Promise<void> {
  const table = env().TABLE_NAME;
  for (let i = 0; i < requests.length; i += 25) {
    await untilDone(requests.slice(i, i + 25), async (pending) => {
      const result = await dynamo().send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
      return (result.UnprocessedItems?.[table] ?? []) as WriteRequest[];
    });
  }
}

import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './clients.ts';
import { env } from './env.ts';

type WriteRequest =
  { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

/**
 * Writes every request to the table, 25 per BatchWrite, retrying what DynamoDB leaves unprocessed
 * (under load it may) with a short back-off until nothing remains.
 */
export async function batchWriteAll(requests: WriteRequest[]): Promise<void> {
  for (let i = 0; i < requests.length; i += 25) {
    let pending = requests.slice(i, i + 25);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
      const result = await dynamo().send(
        new BatchWriteCommand({ RequestItems: { [env().TABLE_NAME]: pending } }),
      );
      pending = (result.UnprocessedItems?.[env().TABLE_NAME] ?? []) as WriteRequest[];
    }
  }
}

import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { COUNTERS, keys, TABLE_KEYS, TTL_ATTRIBUTE } from '../../shared/table.ts';
import { dynamo } from './clients.ts';
import { env } from './env.ts';

const hitsSchema = z.object({ [COUNTERS.rateLimitHits]: z.number() });

/** The windows a counter can count in: a minute (YYYY-MM-DDTHH:MM) or a UTC day (YYYY-MM-DD). */
const WINDOWS = { minute: { chars: 16, seconds: 3600 }, day: { chars: 10, seconds: 2 * 86_400 } } as const;

/**
 * A fixed-window counter in the table: true while `name` has been hit at most `limit` times in the
 * current minute (or day). The item expires by TTL (`expires_at`) on AWS; locally it just stays.
 */
export async function withinRateLimit(
  name: string,
  limit: number,
  now = new Date(),
  window: keyof typeof WINDOWS = 'minute',
): Promise<boolean> {
  const key = keys.rateLimit(name, now.toISOString().slice(0, WINDOWS[window].chars));
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: env().TABLE_NAME,
      Key: { [TABLE_KEYS.partitionKey]: key, [TABLE_KEYS.sortKey]: key },
      UpdateExpression: 'ADD #hits :one SET #ttl = if_not_exists(#ttl, :expires)',
      ExpressionAttributeNames: { '#hits': COUNTERS.rateLimitHits, '#ttl': TTL_ATTRIBUTE },
      ExpressionAttributeValues: {
        ':one': 1,
        ':expires': Math.floor(now.getTime() / 1000) + WINDOWS[window].seconds,
      },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return hitsSchema.parse(Attributes)[COUNTERS.rateLimitHits] <= limit;
}

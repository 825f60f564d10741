import { createHash } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { COUNTERS, ENTITY, keys, RATE_LIMIT_NAMES, TTL_ATTRIBUTE } from '../../../shared/table.ts';
import { dynamo } from '../../runtime/clients.ts';
import { itemKey, tableName } from '../db.ts';

const hitsSchema = z.object({ [COUNTERS.rateLimitHits]: z.number() });

/** The windows a counter can count in: a minute (YYYY-MM-DDTHH:MM) or a UTC day (YYYY-MM-DD). */
const WINDOWS = { minute: { chars: 16, seconds: 3600 }, day: { chars: 10, seconds: 2 * 86_400 } } as const;
export type RateWindow = keyof typeof WINDOWS;

/**
 * What is counted, from the closed list of rate limits (RATE_LIMIT_NAMES): the not-found reports
 * of everyone together, a calendar link's requests per token, a user's own actions per user.
 */
export type Counted =
  | { limit: 'notFoundReports' }
  | { limit: 'calendarFeed' | 'calendarEvent'; token: string }
  | { limit: 'channelTests' | 'vehicleLookups' | 'householdInvites'; userId: string };

/**
 * The counter's name: the limit's, and for a token the first half of its SHA-256 (the public
 * routes' rights cover `{name}:*` alone, lib/routeRights.ts), for a user their id. No part of it
 * is what a caller typed.
 */
function counterName(counted: Counted): string {
  const name = RATE_LIMIT_NAMES[counted.limit];
  if ('token' in counted)
    return `${name}:${createHash('sha256').update(counted.token).digest('hex').slice(0, 32)}`;
  if ('userId' in counted) return `${name}#${counted.userId}`;
  return name;
}

/**
 * A fixed-window counter in the table: true while `counted` has been hit at most `limit` times in
 * the current minute (or day). The item expires by TTL (`expires_at`) on AWS; locally it just stays.
 */
export async function withinRateLimit(
  counted: Counted,
  limit: number,
  now = new Date(),
  window: RateWindow = 'minute',
): Promise<boolean> {
  const key = keys.rateLimit(counterName(counted), now.toISOString().slice(0, WINDOWS[window].chars));
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: itemKey(key, key),
      UpdateExpression: 'ADD #hits :one SET #ttl = if_not_exists(#ttl, :expires), #entity = :entity',
      ExpressionAttributeNames: {
        '#hits': COUNTERS.rateLimitHits,
        '#ttl': TTL_ATTRIBUTE,
        '#entity': 'entity',
      },
      ExpressionAttributeValues: {
        ':one': 1,
        ':entity': ENTITY.rateLimit,
        ':expires': Math.floor(now.getTime() / 1000) + WINDOWS[window].seconds,
      },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return hitsSchema.parse(Attributes)[COUNTERS.rateLimitHits] <= limit;
}

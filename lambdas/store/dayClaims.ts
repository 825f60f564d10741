/**
 * The claim of a day's message on a channel beside e-mail (a device's push, an alert channel's
 * message): one transaction that checks the owner's profile (it exists, and still takes that
 * channel) and takes the send record under its open condition, so a re-run, a redelivery or two
 * runs at once find it taken. lambdas/store/pushSends.ts and channelSends.ts say what each takes.
 */
import { randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { keys, TTL_ATTRIBUTE } from '../../shared/table.ts';
import { dynamo } from '../runtime/clients.ts';
import { getItem, itemKey, tableName } from './db.ts';
import { openConditionValues, sendKey, type Claim } from './sends.ts';

/** A day's record outlives any redelivery and its day by far, then DynamoDB's TTL removes it. */
const DAY_SEND_KEPT_DAYS = 14;

export interface DaySend {
  userId: string;
  dedupeKey: string;
  entity: string;
  /** What the profile must satisfy besides existing (a condition on its attributes, with its values). */
  profile: { condition: string; values: Record<string, unknown> };
  /** When the record may be claimed (the send's open condition: `#status`, `:failed`, `:pending`, …). */
  openCondition: string;
  /** The record's own attributes, SET with the claim. */
  fields: Record<string, unknown>;
}

/** Why it was not claimed: the profile's check failed, or the record is taken (as it is now). */
export type DayRefusal = { refused: 'profile'; profileExists: boolean } | { refused: 'record'; record: Record<string, unknown> | undefined };

export async function claimDaySend(send: DaySend, now: Date, leaseMs: number): Promise<{ claim: Claim } | DayRefusal> {
  const token = randomUUID();
  const iso = now.toISOString();
  const own = Object.entries(send.fields);
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: tableName(),
              Key: itemKey(keys.user(send.userId), keys.profile()),
              ConditionExpression: `attribute_exists(pk) AND (${send.profile.condition})`,
              ...(Object.keys(send.profile.values).length ? { ExpressionAttributeValues: send.profile.values } : {}),
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: sendKey(send.userId, send.dedupeKey),
              ConditionExpression: send.openCondition,
              UpdateExpression:
                'SET #status = :pending, claim_token = :token, claimed_at = :now, updated_at = :now, ' +
                'created_at = if_not_exists(created_at, :now), entity = :entity, user_id = :user, #ttl = :ttl' +
                own.map((_, i) => `, #f${i} = :f${i}`).join('') +
                ' ADD attempts :one',
              ExpressionAttributeNames: {
                '#status': 'status',
                '#ttl': TTL_ATTRIBUTE,
                ...Object.fromEntries(own.map(([name], i) => [`#f${i}`, name])),
              },
              ExpressionAttributeValues: {
                ...openConditionValues(now, leaseMs),
                ':token': token,
                ':now': iso,
                ':entity': send.entity,
                ':user': send.userId,
                ':ttl': Math.floor(now.getTime() / 1000) + DAY_SEND_KEPT_DAYS * 86_400,
                ':one': 1,
                ...Object.fromEntries(own.map(([, value], i) => [`:f${i}`, value])),
              },
            },
          },
        ],
      }),
    );
    return { claim: { userId: send.userId, token, dedupeKey: send.dedupeKey } };
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const [profile, record] = error.CancellationReasons ?? [];
    if (profile?.Code === 'ConditionalCheckFailed')
      return { refused: 'profile', profileExists: (await getItem(keys.user(send.userId), keys.profile())) !== undefined };
    if (record?.Code !== 'ConditionalCheckFailed') throw error;
    return {
      refused: 'record',
      record: await getItem(keys.user(send.userId), keys.send(send.dedupeKey), { consistent: true }),
    };
  }
}

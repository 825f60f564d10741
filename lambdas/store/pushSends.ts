/**
 * The day's push to one device, exactly once: a send record in the owner's partition
 * (`SEND#push#{day}#{device id}`), claimed with one conditional write before the push service is
 * called, under the same rule as a mail's (OPEN_CONDITION: absent, failed fewer than 3 times, or a
 * claim past its lease), and settled by its holder only. The claim also checks that the account
 * exists and still takes pushes, so a deletion or 'off' after the sender read the profile stops it.
 */
import { randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dedupeKeys, ENTITY, keys, TTL_ATTRIBUTE } from '../../shared/table.ts';
import { dynamo } from '../runtime/clients.ts';
import { getItem, ITEM_EXISTS, itemKey, tableName } from './db.ts';
import { parseClaimState } from './items.ts';
import {
  ACCOUNT_DELETED,
  CLAIM_LEASE_MS,
  markFailed,
  OPEN_CONDITION,
  openConditionValues,
  sendKey,
  settleClaim,
  type Claim,
} from './sends.ts';

/** A push record outlives any redelivery and the day it is for by far, then DynamoDB's TTL removes it. */
const PUSH_KEPT_DAYS = 14;

/** Why a push was not claimed: another send holds or settled it, or the account stopped it. */
export type PushTaken = { status: string };

export async function claimPush(
  push: { userId: string; day: string; deviceId: string },
  now: Date,
  leaseMs = CLAIM_LEASE_MS,
): Promise<{ claim: Claim } | PushTaken> {
  const dedupeKey = dedupeKeys.push(push.day, push.deviceId);
  const token = randomUUID();
  const iso = now.toISOString();
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: tableName(),
              Key: itemKey(keys.user(push.userId), keys.profile()),
              ConditionExpression: `${ITEM_EXISTS} AND (attribute_not_exists(push_reminders) OR push_reminders = :on)`,
              ExpressionAttributeValues: { ':on': true },
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: sendKey(push.userId, dedupeKey),
              ConditionExpression: OPEN_CONDITION,
              UpdateExpression:
                'SET #status = :pending, claim_token = :token, claimed_at = :now, updated_at = :now, ' +
                'created_at = if_not_exists(created_at, :now), entity = :entity, user_id = :user, ' +
                'device_id = :device, push_day = :day, #ttl = :ttl ADD attempts :one',
              ExpressionAttributeNames: { '#status': 'status', '#ttl': TTL_ATTRIBUTE },
              ExpressionAttributeValues: {
                ...openConditionValues(now, leaseMs),
                ':token': token,
                ':now': iso,
                ':entity': ENTITY.pushSend,
                ':user': push.userId,
                ':device': push.deviceId,
                ':day': push.day,
                ':ttl': Math.floor(now.getTime() / 1000) + PUSH_KEPT_DAYS * 86_400,
                ':one': 1,
              },
            },
          },
        ],
      }),
    );
    return { claim: { userId: push.userId, token, dedupeKey } };
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const [account, record] = error.CancellationReasons ?? [];
    if (account?.Code === 'ConditionalCheckFailed') {
      const profile = await getItem(keys.user(push.userId), keys.profile());
      return { status: profile ? 'push off' : ACCOUNT_DELETED };
    }
    if (record?.Code !== 'ConditionalCheckFailed') throw error;
    const state = parseClaimState(await getItem(keys.user(push.userId), keys.send(dedupeKey)));
    return { status: `already ${state.status}` };
  }
}

/** The push service accepted it. */
export async function recordPushSent(claim: Claim, now: Date): Promise<void> {
  const iso = now.toISOString();
  await settleClaim(claim, { status: 'sent', sent_at: iso, updated_at: iso, error_message: null });
}

/** The device's subscription is gone (404, 410): settled, never tried again. */
export async function recordPushGone(claim: Claim, now: Date): Promise<void> {
  await settleClaim(claim, {
    status: 'skipped',
    error_message: 'The push service says the subscription is gone',
    updated_at: now.toISOString(),
  });
}

/** Any other refusal: released for a redelivery, until the last attempt (then failed for good). */
export const recordPushFailed = (claim: Claim, error: string, now: Date) => markFailed(claim, error, now);

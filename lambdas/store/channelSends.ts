/**
 * The day's message on one alert channel, at most once: a send record in the owner's partition
 * (`SEND#channel#{day}#{kind}`), claimed with one conditional write before the service is called,
 * under the rule of every send (absent, failed fewer than 3 times, or a claim past its lease), with
 * a check that the account exists and still has the channel on.
 *
 * One difference from a mail or a push: just before the service is called the claim is marked
 * `sending_at`, and a claim so marked is never taken over after its lease. A sender that died after
 * that mark may have delivered (Telegram, ntfy and a webhook give no event to tell), so the message
 * is not sent again: at most once, at the price of losing the day's message when the sender died in
 * the moment between the mark and the call. A claim without the mark (the sender died before) is
 * taken over after the lease, and sends.
 */
import { randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ChannelKind } from '../../shared/channels/kinds.ts';
import { dedupeKeys, ENTITY, keys, TTL_ATTRIBUTE } from '../../shared/table.ts';
import { dynamo } from '../runtime/clients.ts';
import { getItem, ITEM_ABSENT, ITEM_EXISTS, itemKey, tableName } from './db.ts';
import { parseClaimState } from './items.ts';
import {
  ACCOUNT_DELETED,
  CLAIM_LEASE_MS,
  isSettled,
  MAX_SEND_ATTEMPTS,
  sendKey,
  settleClaim,
  type Claim,
} from './sends.ts';

/** A channel's record outlives any redelivery and its day by far, then DynamoDB's TTL removes it. */
const CHANNEL_SEND_KEPT_DAYS = 14;

/** OPEN_CONDITION of a mail, except that a claim marked `sending_at` is never taken over. */
const CHANNEL_OPEN_CONDITION =
  `${ITEM_ABSENT} OR (#status = :failed AND attempts < :maxAttempts) ` +
  'OR (#status = :pending AND claimed_at < :staleBefore AND attribute_not_exists(sending_at))';

export interface ChannelClaim extends Claim {
  /** 1 for the first claim of the day's message; a retry counts up. */
  attempt: number;
}

/** Why a channel's message was not claimed: another send holds or settled it, or the account stopped it. */
export type ChannelTaken = {
  status: 'already sent' | 'already pending' | 'already failed' | 'maybe sent' | 'channel off' | typeof ACCOUNT_DELETED;
};

export async function claimChannelSend(
  send: { userId: string; day: string; kind: ChannelKind },
  now: Date,
  leaseMs = CLAIM_LEASE_MS,
): Promise<{ claim: ChannelClaim } | ChannelTaken> {
  const dedupeKey = dedupeKeys.channel(send.day, send.kind);
  const token = randomUUID();
  const iso = now.toISOString();
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: tableName(),
              Key: itemKey(keys.user(send.userId), keys.profile()),
              ConditionExpression: `${ITEM_EXISTS} AND contains(alert_channels, :kind)`,
              ExpressionAttributeValues: { ':kind': send.kind },
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: sendKey(send.userId, dedupeKey),
              ConditionExpression: CHANNEL_OPEN_CONDITION,
              UpdateExpression:
                'SET #status = :pending, claim_token = :token, claimed_at = :now, updated_at = :now, ' +
                'created_at = if_not_exists(created_at, :now), entity = :entity, user_id = :user, ' +
                'channel = :kind, channel_day = :day, #ttl = :ttl ADD attempts :one',
              ExpressionAttributeNames: { '#status': 'status', '#ttl': TTL_ATTRIBUTE },
              ExpressionAttributeValues: {
                ':failed': 'failed',
                ':pending': 'pending',
                ':maxAttempts': MAX_SEND_ATTEMPTS,
                ':staleBefore': new Date(now.getTime() - leaseMs).toISOString(),
                ':token': token,
                ':now': iso,
                ':entity': ENTITY.channelSend,
                ':user': send.userId,
                ':kind': send.kind,
                ':day': send.day,
                ':ttl': Math.floor(now.getTime() / 1000) + CHANNEL_SEND_KEPT_DAYS * 86_400,
                ':one': 1,
              },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const [account, record] = error.CancellationReasons ?? [];
    if (account?.Code === 'ConditionalCheckFailed') {
      const profile = await getItem(keys.user(send.userId), keys.profile());
      return { status: profile ? 'channel off' : ACCOUNT_DELETED };
    }
    if (record?.Code !== 'ConditionalCheckFailed') throw error;
    const item = await getItem(keys.user(send.userId), keys.send(dedupeKey), { consistent: true });
    const state = parseClaimState(item);
    if (state.status === 'pending' && item?.sending_at) {
      // Its sender called the service and was not heard of again: it may have arrived.
      const stale = String(item.claimed_at) < new Date(now.getTime() - leaseMs).toISOString();
      return { status: stale ? 'maybe sent' : 'already pending' };
    }
    if (state.status === 'failed' && isSettled(state)) return { status: 'already failed' };
    return { status: state.status === 'pending' ? 'already pending' : 'already sent' };
  }
  const record = await getItem(keys.user(send.userId), keys.send(dedupeKey), { consistent: true });
  const attempt = typeof record?.attempts === 'number' ? record.attempts : 1;
  return { claim: { userId: send.userId, token, dedupeKey, attempt } };
}

/** Just before the service is called: from now on no one takes this claim over. */
export async function markSending(claim: Claim, now: Date): Promise<void> {
  await settleClaim(claim, { sending_at: now.toISOString() });
}

/** The service accepted it. */
export async function recordChannelSent(claim: Claim, now: Date, note: string): Promise<void> {
  const iso = now.toISOString();
  await settleClaim(claim, { status: 'sent', sent_at: iso, updated_at: iso, error_message: null, note });
}

/** The service said the channel is gone: settled, never tried again (the channel is off). */
export async function recordChannelGone(claim: Claim, now: Date, reason: string): Promise<void> {
  await settleClaim(claim, { status: 'skipped', error_message: reason, updated_at: now.toISOString() });
}

/**
 * Any other refusal: released for a redelivery (its mark removed: the service did not take it),
 * until the last attempt, which is failed for good.
 */
export async function recordChannelFailed(
  claim: Claim,
  error: string,
  now: Date,
): Promise<{ forGood: boolean }> {
  const { Attributes = {} } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: sendKey(claim.userId, claim.dedupeKey),
      ConditionExpression: 'claim_token = :token',
      UpdateExpression: 'SET #status = :failed, error_message = :error, updated_at = :now REMOVE sending_at',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':token': claim.token,
        ':failed': 'failed',
        ':error': error.slice(0, 500),
        ':now': now.toISOString(),
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return { forGood: isSettled(parseClaimState(Attributes)) };
}

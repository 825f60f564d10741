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
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ChannelKind } from '../../shared/channels/kinds.ts';
import { dedupeKeys, ENTITY } from '../../shared/table.ts';
import { dynamo } from '../runtime/clients.ts';
import { tableName } from './db.ts';
import { claimDaySend } from './dayClaims.ts';
import { parseClaimState } from './items.ts';
import { ACCOUNT_DELETED, CLAIM_LEASE_MS, isSettled, sendKey, settleClaim, type Claim } from './sends.ts';

/** OPEN_CONDITION of a mail (lambdas/store/sends.ts), except that a claim marked `sending_at` is never taken over. */
const CHANNEL_OPEN_CONDITION =
  'attribute_not_exists(pk) OR (#status = :failed AND attempts < :maxAttempts) ' +
  'OR (#status = :pending AND claimed_at < :staleBefore AND attribute_not_exists(sending_at))';

/** Why a channel's message was not claimed: another send holds or settled it, or the account stopped it. */
export type ChannelTaken = {
  status: 'already sent' | 'already pending' | 'already failed' | 'maybe sent' | 'channel off' | typeof ACCOUNT_DELETED;
};

export async function claimChannelSend(
  send: { userId: string; day: string; kind: ChannelKind },
  now: Date,
  leaseMs = CLAIM_LEASE_MS,
): Promise<{ claim: Claim } | ChannelTaken> {
  const taken = await claimDaySend(
    {
      userId: send.userId,
      dedupeKey: dedupeKeys.channel(send.day, send.kind),
      entity: ENTITY.channelSend,
      profile: { condition: 'contains(alert_channels, :kind)', values: { ':kind': send.kind } },
      openCondition: CHANNEL_OPEN_CONDITION,
      fields: { channel: send.kind, channel_day: send.day },
    },
    now,
    leaseMs,
  );
  if ('claim' in taken) return taken;
  if (taken.refused === 'profile') return { status: taken.profileExists ? 'channel off' : ACCOUNT_DELETED };
  const state = parseClaimState(taken.record);
  if (state.status === 'pending' && taken.record?.sending_at) {
    // Its sender called the service and was not heard of again: it may have arrived.
    const stale = String(taken.record.claimed_at) < new Date(now.getTime() - leaseMs).toISOString();
    return { status: stale ? 'maybe sent' : 'already pending' };
  }
  if (state.status === 'failed' && isSettled(state)) return { status: 'already failed' };
  return { status: state.status === 'pending' ? 'already pending' : 'already sent' };
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

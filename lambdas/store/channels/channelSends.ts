/**
 * The day's message on one alert channel, at most once: a send record in the owner's partition
 * (`SEND#channel#{day}#{kind}`), claimed with a conditional write before the service is called,
 * under the rule of every send (absent, failed fewer than 3 times), with a check that the account
 * exists and still has the channel on. A member's channels are claimed in one transaction, and the
 * messages the services accepted recorded in one more (store/sending/dayClaims.ts).
 *
 * One difference from a mail or a push: the service is called at once after the claim, and a claim
 * still pending after its lease is never taken over (`sending_at` marks it). A sender that died
 * holding it may have delivered (Telegram, ntfy and a webhook give no event to tell), so the
 * message is not sent again: at most once, at the price of the day's message when a sender dies
 * between its claim and the service's answer. A failure the service answered releases the claim.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ChannelKind } from '../../../shared/channels/kinds.ts';
import { dedupeKeys, ENTITY } from '../../../shared/table.ts';
import { dynamo } from '../../runtime/clients.ts';
import { tableName } from '../db.ts';
import { claimDaySends } from '../sending/index.ts';
import { parseClaimState } from '../items.ts';
import { ACCOUNT_DELETED, CLAIM_LEASE_MS, isSettled, sendKey, settleClaim, type Claim } from '../sends.ts';

/** OPEN_CONDITION of a mail (lambdas/store/sends.ts), except that a claim marked `sending_at` is never taken over. */
const CHANNEL_OPEN_CONDITION =
  'attribute_not_exists(pk) OR (#status = :failed AND attempts < :maxAttempts) ' +
  'OR (#status = :pending AND claimed_at < :staleBefore AND attribute_not_exists(sending_at))';

/** Why a channel's message was not claimed: another send holds or settled it, or the account stopped it. */
export type ChannelTaken = {
  status:
    | 'already sent'
    | 'already pending'
    | 'already failed'
    | 'maybe sent'
    | 'channel off'
    | typeof ACCOUNT_DELETED;
};

/** Claims the day's message on each of `kinds` for the member: a claim, or why not, by kind. */
export async function claimChannelSends(
  send: { userId: string; day: string; kinds: readonly ChannelKind[] },
  now: Date,
  leaseMs = CLAIM_LEASE_MS,
): Promise<Map<ChannelKind, { claim: Claim } | ChannelTaken>> {
  const outcomes = await claimDaySends(
    {
      userId: send.userId,
      entity: ENTITY.channelSend,
      profile: {
        condition: send.kinds.map((_, i) => `contains(alert_channels, :kind${i})`).join(' AND '),
        values: Object.fromEntries(send.kinds.map((kind, i) => [`:kind${i}`, kind])),
      },
      openCondition: CHANNEL_OPEN_CONDITION,
      records: send.kinds.map((kind) => ({
        dedupeKey: dedupeKeys.channel(send.day, kind),
        // Marked as it is claimed: the service is called next.
        fields: { channel: kind, channel_day: send.day, sending_at: now.toISOString() },
      })),
    },
    now,
    leaseMs,
  );
  return new Map(send.kinds.map((kind, i) => [kind, takenOf(outcomes[i]!, now, leaseMs)]));
}

function takenOf(
  outcome: Awaited<ReturnType<typeof claimDaySends>>[number],
  now: Date,
  leaseMs: number,
): { claim: Claim } | ChannelTaken {
  if ('claim' in outcome) return outcome;
  if (outcome.refused === 'profile')
    return { status: outcome.profileExists ? 'channel off' : ACCOUNT_DELETED };
  const state = parseClaimState(outcome.record);
  if (state.status === 'pending' && outcome.record?.sending_at) {
    // Its sender called the service and was not heard of again: it may have arrived.
    const stale = String(outcome.record.claimed_at) < new Date(now.getTime() - leaseMs).toISOString();
    return { status: stale ? 'maybe sent' : 'already pending' };
  }
  if (state.status === 'failed' && isSettled(state)) return { status: 'already failed' };
  return { status: state.status === 'pending' ? 'already pending' : 'already sent' };
}

/** The services accepted these: recorded sent in one write (each only while its claim holds). */
export async function recordChannelsSent(
  sent: readonly { claim: Claim; note: string }[],
  now: Date,
): Promise<void> {
  const iso = now.toISOString();
  const fields = (note: string) => ({
    status: 'sent',
    sent_at: iso,
    updated_at: iso,
    error_message: null,
    note,
  });
  if (sent.length === 0) return;
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: sent.map(({ claim, note }) => ({
          Update: {
            TableName: tableName(),
            Key: sendKey(claim.userId, claim.dedupeKey),
            ConditionExpression: 'claim_token = :token',
            UpdateExpression:
              'SET #status = :sent, sent_at = :now, updated_at = :now, error_message = :none, note = :note',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':token': claim.token,
              ':sent': 'sent',
              ':now': iso,
              ':none': null,
              ':note': note,
            },
          },
        })),
      }),
    );
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    // One claim no longer this sender's: record the others one by one.
    await Promise.all(sent.map(({ claim, note }) => settleClaim(claim, fields(note)).catch(() => undefined)));
  }
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

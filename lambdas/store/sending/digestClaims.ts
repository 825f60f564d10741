/**
 * Claiming a digest (see digests.ts): one write just before SES that takes every mail's send record
 * under the digest's token and checks that the account exists, still takes reminder mail at the
 * address read, and that the address is not suppressed. Nothing is written when any of it fails.
 */
import { randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ENTITY, keys, TABLE_KEYS, TTL_ATTRIBUTE } from '../../../shared/table.ts';
import { dynamo } from '../../runtime/clients.ts';
import { getItem, getItems, ITEM_ABSENT, ITEM_EXISTS, itemKey, tableName } from '../db.ts';
import {
  chunks,
  DIGEST_KEPT_DAYS,
  digestKey,
  MAILS_PER_WRITE,
  profileKey,
  type DigestClaim,
  type DigestMail,
  type TransactItem,
} from './digests.ts';
import { parseClaimState } from '../items.ts';
import { CLAIM_LEASE_MS, claimUpdate } from '../sends.ts';
import { suppressionKeys } from './suppressions.ts';

/** Why a digest could not be claimed: nothing was written. */
export type ClaimRefusal = 'account deleted' | 'unsubscribed' | 'suppressed' | 'address changed';

export type DigestClaimResult =
  | { claimed: true; digest: DigestClaim }
  | { claimed: false; refused: ClaimRefusal }
  /** Some mails are held or settled by another send: their states; nothing was written. */
  | { claimed: false; taken: Map<string, TakenState> };

/** A send record another send holds or settled: its state ('sent', 'pending', ...). */
export interface TakenState {
  status: string;
}

/**
 * Claims a digest's mails for `email` (the address the profile held when read). Throws only on a
 * failure worth a retry of the whole message (throttling, say).
 */
export async function claimDigest(
  input: { userId: string; email: string; run: DigestClaim['run']; mails: DigestMail[] },
  now: Date,
  leaseMs = CLAIM_LEASE_MS,
): Promise<DigestClaimResult> {
  const claim: DigestClaim = {
    token: randomUUID(),
    userId: input.userId,
    run: input.run,
    mails: input.mails,
  };
  const table = tableName();
  const checks: TransactItem[] = [
    {
      ConditionCheck: {
        TableName: table,
        Key: profileKey(input.userId),
        ConditionExpression: `${ITEM_EXISTS} AND reminder_emails = :on AND email = :email`,
        ExpressionAttributeValues: { ':on': true, ':email': input.email },
      },
    },
    ...(await suppressionKeys(input.email)).map((key): TransactItem => ({
      ConditionCheck: { TableName: table, Key: itemKey(key.pk, key.sk), ConditionExpression: ITEM_ABSENT },
    })),
  ];
  const digestItem: TransactItem = {
    Put: {
      TableName: table,
      Item: {
        ...digestKey(input.userId, claim.token),
        entity: ENTITY.digest,
        token: claim.token,
        user_id: input.userId,
        status: 'claimed',
        run_id: input.run.id,
        ran_at: input.run.ranAt,
        mails: input.mails,
        created_at: now.toISOString(),
        [TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + DIGEST_KEPT_DAYS * 86_400,
      },
      ConditionExpression: ITEM_ABSENT,
    },
  };
  const parts = chunks(input.mails, MAILS_PER_WRITE);
  for (const [n, part] of parts.entries()) {
    const claims = part.map((mail): TransactItem => ({
      Update: {
        TableName: tableName(),
        ...claimUpdate(
          { ...mail, userId: claim.userId, toEmail: input.email },
          claim.token,
          now,
          leaseMs,
          claim.run.id,
        ),
      },
    }));
    const items = [...checks, ...(n === 0 ? [digestItem] : []), ...claims];
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      if (!reasons.some((r) => r.Code === 'ConditionalCheckFailed')) throw error;
      // Earlier parts stay pending with no SES call: after the lease any run may take them over.
      if (reasons[0]?.Code === 'ConditionalCheckFailed')
        return { claimed: false, refused: await whyRefused(input) };
      if (reasons.slice(1, checks.length).some((r) => r.Code === 'ConditionalCheckFailed'))
        return { claimed: false, refused: 'suppressed' };
      const offset = items.length - claims.length;
      const failed = part.filter((_, i) => reasons[offset + i]?.Code === 'ConditionalCheckFailed');
      return { claimed: false, taken: await statesOf(input.userId, failed) };
    }
  }
  return { claimed: true, digest: claim };
}

async function whyRefused(input: { userId: string; email: string }): Promise<ClaimRefusal> {
  const profile = await getItem(keys.user(input.userId), keys.profile());
  if (!profile) return 'account deleted';
  if (profile.reminder_emails !== true) return 'unsubscribed';
  return 'address changed';
}

/** The state each mail's send record is in, as a sender reports it ('already sent', say). */
async function statesOf(userId: string, mails: DigestMail[]): Promise<Map<string, TakenState>> {
  const items = await getItems(mails.map((m) => ({ pk: keys.user(userId), sk: keys.send(m.dedupeKey) })));
  const states = new Map<string, TakenState>();
  for (const item of items) {
    const state = parseClaimState(item);
    const dedupeKey = String(item[TABLE_KEYS.sortKey]).slice(keys.sendPrefix.length);
    // A claim that kept only its SES message id was accepted: it is sent.
    const status = state.status === 'pending' && state.message_id ? 'sent' : state.status;
    states.set(dedupeKey, { status });
  }
  return states;
}

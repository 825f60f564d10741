/**
 * The day's push to one device, exactly once: a send record in the owner's partition
 * (`SEND#push#{day}#{device id}`), claimed with one conditional write before the push service is
 * called, under the same rule as a mail's (OPEN_CONDITION: absent, failed fewer than 3 times, or a
 * claim past its lease), and settled by its holder only. The claim also checks that the account
 * exists and still takes pushes, so a deletion or 'off' after the sender read the profile stops it.
 */
import { dedupeKeys, ENTITY } from '../../../shared/table.ts';
import { claimDaySends } from '../sending/index.ts';
import { parseClaimState } from '../items.ts';
import {
  ACCOUNT_DELETED,
  CLAIM_LEASE_MS,
  markFailed,
  OPEN_CONDITION,
  settleClaim,
  type Claim,
} from '../sends.ts';

/** Why a push was not claimed: another send holds or settled it, or the account stopped it. */
export type PushTaken = { status: string };

export async function claimPush(
  push: { userId: string; day: string; deviceId: string },
  now: Date,
  leaseMs = CLAIM_LEASE_MS,
): Promise<{ claim: Claim } | PushTaken> {
  const [taken] = await claimDaySends(
    {
      userId: push.userId,
      entity: ENTITY.pushSend,
      profile: {
        condition: 'attribute_not_exists(push_reminders) OR push_reminders = :on',
        values: { ':on': true },
      },
      openCondition: OPEN_CONDITION,
      records: [
        {
          dedupeKey: dedupeKeys.push(push.day, push.deviceId),
          fields: { device_id: push.deviceId, push_day: push.day },
        },
      ],
    },
    now,
    leaseMs,
  );
  if (!taken || 'claim' in taken) return taken!;
  if (taken.refused === 'profile') return { status: taken.profileExists ? 'push off' : ACCOUNT_DELETED };
  return { status: `already ${parseClaimState(taken.record).status}` };
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

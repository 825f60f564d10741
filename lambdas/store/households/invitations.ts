/**
 * Household invitations (decision 0044): made, cancelled and used in one transaction each, every one
 * conditional on the caller's membership at that moment. An invitation is keyed by the SHA-256 of its
 * token (32 random bytes, mailed once, never stored); it holds the invitee's masked address, and the
 * address itself only while pending, for its sender's card: using or cancelling it removes the
 * address, and its sender leaving (or the household ending) deletes it.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { invitationExpiry, type InvitationState, type PendingInvitation } from '../../../shared/household.ts';
import { maskEmail } from '../../../shared/identity.ts';
import { HOUSEHOLD_MEMBER_LIMIT } from '../../../shared/limits.ts';
import { COUNTERS, ENTITY, HOUSEHOLD_PENDING_INVITATIONS, keys } from '../../../shared/table.ts';
import { dueIndexKey, getItem, ITEM_ABSENT, itemKey } from '../db.ts';
import {
  memberCount,
  parseInvitation,
  pendingPlaces,
  type Invitation,
  type Membership,
} from './households.ts';
import { AccountGoneError, type LiveWrite } from '../liveAccount.ts';
import { CLAIM_LEASE_MS, claimUpdate, type Claim, type SendIdentity } from '../sends.ts';
import { ConditionsFailed, transact } from '../transact.ts';
import { profileExists, stillMember } from '../guards.ts';
import { activityPut } from './householdNotes.ts';
import { HouseholdRefusal } from './refusals.ts';

/** A new token (≥ 128 bits: 256) and the hash its invitation is keyed by. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: tokenHash(token) };
}
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The writes that make a household with `userId` its owner (the first invitation's part). */
export function newHouseholdWrites(
  userId: string,
  now: Date,
  firstInvitationKey: string,
): { membership: Membership; writes: LiveWrite[] } {
  const iso = now.toISOString();
  const membership: Membership = {
    household_id: randomUUID(),
    membership_id: randomUUID(),
    role: 'owner',
    joined_at: iso,
    left_reminders: [],
  };
  const writes: LiveWrite[] = [
    ownMembershipPut(userId, membership),
    {
      Put: {
        Item: {
          ...itemKey(keys.household(membership.household_id), keys.householdEntry()),
          entity: ENTITY.household,
          id: membership.household_id,
          [COUNTERS.householdMembers]: 1,
          [COUNTERS.householdInvitations]: 1,
          [HOUSEHOLD_PENDING_INVITATIONS]: [firstInvitationKey],
          created_at: iso,
          updated_at: iso,
        },
        ConditionExpression: ITEM_ABSENT,
      },
    },
    memberPut(userId, membership),
  ];
  return { membership, writes };
}

/** The person's own membership item: absent before, so one household per person. */
export function ownMembershipPut(userId: string, membership: Membership): LiveWrite {
  return {
    Put: {
      Item: {
        ...itemKey(keys.user(userId), keys.householdOfUser()),
        entity: ENTITY.membership,
        ...membership,
      },
      ConditionExpression: ITEM_ABSENT,
    },
  };
}

/** The household's member item of a membership (by its id, never the user's). */
export function memberPut(userId: string, membership: Membership): LiveWrite {
  const { household_id: householdId, ...member } = membership;
  return {
    Put: {
      Item: {
        ...itemKey(keys.household(householdId), keys.member(membership.membership_id)),
        entity: ENTITY.householdMember,
        user_id: userId,
        ...member,
      },
      ConditionExpression: ITEM_ABSENT,
    },
  };
}

/** The claim of the invitation's mail, only where none was made (one mail an address a day). */
function freshClaim(identity: SendIdentity, claimToken: string, now: Date): LiveWrite {
  const update = claimUpdate(identity, claimToken, now, CLAIM_LEASE_MS);
  const values: Record<string, unknown> = { ...update.ExpressionAttributeValues };
  for (const unused of [':failed', ':maxAttempts', ':staleBefore']) delete values[unused];
  return { Update: { ...update, ConditionExpression: ITEM_ABSENT, ExpressionAttributeValues: values } };
}

export interface NewInvitation {
  userId: string;
  /** The caller's membership, or undefined: this invitation makes the household. */
  membership: Membership | undefined;
  email: string;
  name: string | undefined;
  /** The mail's identity but its dedupe key, which needs the household. */
  mail: (householdId: string) => SendIdentity;
  /**
   * The use case's rule on the household's pending invitations, read consistently (the write is
   * conditional on that read): throws its refusal when no more may wait.
   */
  decide: (read: { pending: number }) => void;
}

/**
 * The household item's part of a new invitation in an existing household: on condition that it has
 * room for a member and that no other invitation was made since `places` were read, it lists the
 * invitations still pending with the new one.
 */
function takePendingPlace(
  householdId: string,
  places: { made: number | undefined; pendingKeys: string[] },
  invitationKey: string,
): LiveWrite {
  const unchanged = places.made === undefined ? 'attribute_not_exists(#made)' : '#made = :made';
  return {
    Update: {
      Key: itemKey(keys.household(householdId), keys.householdEntry()),
      ConditionExpression: `#count < :limit AND ${unchanged}`,
      UpdateExpression: 'SET #pending = :pending ADD #made :one',
      ExpressionAttributeNames: {
        '#count': COUNTERS.householdMembers,
        '#made': COUNTERS.householdInvitations,
        '#pending': HOUSEHOLD_PENDING_INVITATIONS,
      },
      ExpressionAttributeValues: {
        ':limit': HOUSEHOLD_MEMBER_LIMIT,
        ':pending': [...places.pendingKeys, invitationKey],
        ':one': 1,
        ...(places.made === undefined ? {} : { ':made': places.made }),
      },
    },
  };
}

/** Tries for a pending place this many times: each failure is another invitation made meanwhile. */
const PLACE_ATTEMPTS = 3;

/**
 * One transaction: the invitation, the claim of its mail, and (the first time) the household with
 * the caller as owner; on condition that the caller's profile exists, that they are (still) in that
 * household, that it has room for a member and a pending place (HOUSEHOLD_PENDING_LIMIT, counted
 * from a consistent read the write is conditional on), and that the address was not invited today.
 */
export async function createInvitation(input: NewInvitation, now: Date) {
  const token = newToken();
  for (let attempt = 1; ; attempt++) {
    try {
      return await tryCreateInvitation(input, now, token);
    } catch (error) {
      if (!(error instanceof PlaceTaken)) throw error;
      if (attempt === PLACE_ATTEMPTS) throw new HouseholdRefusal('changed');
    }
  }
}

/** Another invitation took the pending places read (or the household filled up): read them again. */
class PlaceTaken extends Error {}

async function tryCreateInvitation(
  input: NewInvitation,
  now: Date,
  { token, hash }: { token: string; hash: string },
) {
  const { userId } = input;
  const invitationKey = keys.invitation(hash);
  const made = input.membership ? undefined : newHouseholdWrites(userId, now, invitationKey);
  const membership = input.membership ?? made!.membership;
  const householdId = membership.household_id;
  const places = made ? undefined : await pendingPlaces(householdId, now);
  if (places) input.decide({ pending: places.pendingKeys.length });
  const iso = now.toISOString();
  const invitation = {
    id: randomUUID(),
    household_id: householdId,
    invited_by: membership.membership_id,
    name: input.name ?? null,
    masked_email: maskEmail(input.email),
    email: input.email.trim(),
    status: 'pending',
    created_at: iso,
    expires_at: invitationExpiry(now),
  };
  const identity = input.mail(householdId);
  const claimToken = randomUUID();
  const writes: LiveWrite[] = [
    profileExists(userId),
    ...(made
      ? made.writes
      : [stillMember(userId, householdId), takePendingPlace(householdId, places!, invitationKey)]),
    {
      Put: {
        Item: {
          ...itemKey(invitationKey, keys.invitationEntry()),
          entity: ENTITY.invitation,
          ...invitation,
          ...dueIndexKey(keys.householdInvites(householdId), keys.householdInvite(iso, invitation.id)),
        },
        ConditionExpression: ITEM_ABSENT,
      },
    },
    // The account's record of its household steps, listed after a password reset (decision 0050).
    ...(made ? [activityPut(userId, 'started', now)] : []),
    activityPut(userId, 'invited', now, invitation.masked_email),
    // Last: its failure is read as 'already invited today' below.
    freshClaim(identity, claimToken, now),
  ];
  try {
    await transact(writes);
  } catch (error) {
    if (!(error instanceof ConditionsFailed)) throw error;
    const [profile, member, room] = error.failed;
    if (profile) throw new AccountGoneError();
    if (member) throw new HouseholdRefusal('changed');
    if (room && !made) {
      const members = await memberCount(householdId);
      if (members !== undefined && members >= HOUSEHOLD_MEMBER_LIMIT) throw new HouseholdRefusal('full');
      throw new PlaceTaken();
    }
    if (error.failed.at(-1)) throw new HouseholdRefusal('invited_today');
    throw new HouseholdRefusal('changed');
  }
  const claim: Claim = { userId, token: claimToken, dedupeKey: identity.dedupeKey };
  const pending: PendingInvitation = {
    id: invitation.id,
    name: invitation.name,
    masked_email: invitation.masked_email,
    email: invitation.email,
    created_at: iso,
    expires_at: new Date(invitation.expires_at * 1000).toISOString(),
  };
  return { invitation: pending, token, identity, claim, membership };
}

/** 'Cancel invitation': pending → cancelled, while the caller is in its household. False: not theirs. */
export async function cancelInvitation(
  userId: string,
  membership: Membership,
  invitation: Invitation,
  now: Date,
): Promise<void> {
  try {
    await transact([
      stillMember(userId, membership.household_id),
      {
        Update: {
          Key: itemKey(invitation.pk, keys.invitationEntry()),
          ConditionExpression: '#status = :pending AND household_id = :hid',
          UpdateExpression: 'SET #status = :cancelled, updated_at = :now REMOVE invited_by, email',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':pending': 'pending',
            ':cancelled': 'cancelled',
            ':hid': membership.household_id,
            ':now': now.toISOString(),
          },
        },
      },
    ]);
  } catch (error) {
    if (!(error instanceof ConditionsFailed)) throw error;
    if (error.failed[0]) throw new HouseholdRefusal('changed');
    // Used or cancelled meanwhile: nothing is pending to cancel any more, which is what was asked.
  }
}

/** The invitation a token names, or undefined (unknown, or deleted by TTL or its household's end). */
export async function invitationByToken(token: string): Promise<Invitation | undefined> {
  const item = await getItem(keys.invitation(tokenHash(token)), keys.invitationEntry());
  return item ? parseInvitation(item) : undefined;
}

export type { InvitationState };

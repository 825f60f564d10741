/**
 * Joining and leaving a household (decision 0044), one transaction each. A departure deletes the
 * person's membership item and their MEMBER item, so their membership id resolves no more and
 * nothing in the household's items names them; the last member's departure deletes the household.
 */
import { randomUUID } from 'node:crypto';
import { nextOwner } from '../../../shared/household.ts';
import { HOUSEHOLD_MEMBER_LIMIT } from '../../../shared/limits.ts';
import { COUNTERS, keys } from '../../../shared/table.ts';
import { ITEM_EXISTS, itemKey } from '../db.ts';
import {
  allInvitations,
  membersOf,
  membershipOf,
  type Invitation,
  type Member,
  type Membership,
} from './households.ts';
import { AccountGoneError, type LiveWrite } from '../liveAccount.ts';
import { profileExists, stillMember } from '../guards.ts';
import { activityPut } from './householdNotes.ts';
import { HouseholdFull, HouseholdRefusal, InvitationSpent } from './refusals.ts';
import { memberPut, ownMembershipPut } from './invitations.ts';
import { ConditionsFailed, transact } from '../transact.ts';

const countName = { '#count': COUNTERS.householdMembers };

/**
 * 'Join household' with a pending, unexpired invitation: the invitation used, the count taken up
 * (never past HOUSEHOLD_MEMBER_LIMIT), the MEMBER item and the joiner's membership item (one household
 * per person), while the joiner's profile exists. Each refusal is its own message.
 */
export async function joinWith(
  userId: string,
  invitation: Invitation,
  now: Date,
  /** The use case's rule on what the transaction's conditions found: throws the refusal it names. */
  decide: (found: JoinConflict) => void,
): Promise<Membership> {
  const membership: Membership = {
    household_id: invitation.household_id,
    membership_id: randomUUID(),
    role: 'member',
    joined_at: now.toISOString(),
    left_reminders: [],
  };
  const writes: LiveWrite[] = [
    {
      Update: {
        Key: itemKey(invitation.pk, keys.invitationEntry()),
        ConditionExpression: '#status = :pending AND expires_at > :nowSeconds',
        UpdateExpression: 'SET #status = :used, updated_at = :now REMOVE invited_by, email',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':used': 'used',
          ':nowSeconds': Math.floor(now.getTime() / 1000),
          ':now': membership.joined_at,
        },
      },
    },
    {
      Update: {
        Key: itemKey(keys.household(invitation.household_id), keys.householdEntry()),
        ConditionExpression: `${ITEM_EXISTS} AND #count < :limit`,
        UpdateExpression: 'ADD #count :one SET updated_at = :now',
        ExpressionAttributeNames: countName,
        ExpressionAttributeValues: {
          ':limit': HOUSEHOLD_MEMBER_LIMIT,
          ':one': 1,
          ':now': membership.joined_at,
        },
      },
    },
    memberPut(userId, membership),
    ownMembershipPut(userId, membership),
    profileExists(userId),
    // The account's record of its household steps, listed after a password reset (decision 0050).
    activityPut(userId, 'joined', now),
  ];
  try {
    await transact(writes);
  } catch (error) {
    if (!(error instanceof ConditionsFailed)) throw error;
    const [invite, room, , alreadyIn, profile] = error.failed;
    if (profile) throw new AccountGoneError();
    decide({ alreadyIn: Boolean(alreadyIn), invitationSpent: Boolean(invite), householdFull: Boolean(room) });
    throw error;
  }
  return membership;
}

export { HouseholdFull, InvitationSpent };

/**
 * What a join's transaction found false: the joiner already in a household, the invitation used,
 * cancelled or expired meanwhile, the household full (or gone). The use case's rule names the refusal.
 */
export interface JoinConflict {
  alreadyIn: boolean;
  invitationSpent: boolean;
  householdFull: boolean;
}

export interface Departure {
  householdId: string;
  departed: Member;
  /** Who stays, after the change (the new owner's role already updated). */
  remaining: Member[];
}

/**
 * The household's writes when `leaver` goes: their pending invitations deleted (only a pending one
 * names its inviter), and the count down, or the household gone with all its invitations.
 */
function departureWrites(householdId: string, members: Member[], leaver: Member, invitations: Invitation[]) {
  const others = members.filter((m) => m.membership_id !== leaver.membership_id);
  const household = itemKey(keys.household(householdId), keys.householdEntry());
  const writes: LiveWrite[] = [
    {
      Delete: {
        Key: itemKey(keys.user(leaver.user_id), keys.householdOfUser()),
        ConditionExpression: 'household_id = :hid AND membership_id = :mid',
        ExpressionAttributeValues: { ':hid': householdId, ':mid': leaver.membership_id },
      },
    },
    { Delete: { Key: itemKey(keys.household(householdId), keys.member(leaver.membership_id)) } },
    ...invitations.map((i): LiveWrite => ({ Delete: { Key: itemKey(i.pk, keys.invitationEntry()) } })),
  ];
  if (others.length === 0) {
    writes.push({
      Delete: {
        Key: household,
        ConditionExpression: '#count = :one',
        ExpressionAttributeNames: countName,
        ExpressionAttributeValues: { ':one': 1 },
      },
    });
    return { writes, remaining: [] };
  }
  writes.push({
    Update: {
      Key: household,
      ConditionExpression: '#count = :members',
      UpdateExpression: 'ADD #count :minusOne',
      ExpressionAttributeNames: countName,
      ExpressionAttributeValues: { ':members': members.length, ':minusOne': -1 },
    },
  });
  const heir = leaver.role === 'owner' ? nextOwner(others) : undefined;
  if (heir) {
    writes.push(
      {
        Update: {
          Key: itemKey(keys.household(householdId), keys.member(heir.membership_id)),
          ConditionExpression: ITEM_EXISTS,
          UpdateExpression: 'SET #role = :owner',
          ExpressionAttributeNames: { '#role': 'role' },
          ExpressionAttributeValues: { ':owner': 'owner' },
        },
      },
      {
        Update: {
          Key: itemKey(keys.user(heir.user_id), keys.householdOfUser()),
          ConditionExpression: 'membership_id = :mid',
          UpdateExpression: 'SET #role = :owner',
          ExpressionAttributeNames: { '#role': 'role' },
          ExpressionAttributeValues: { ':owner': 'owner', ':mid': heir.membership_id },
        },
      },
    );
  }
  const remaining = others.map((m) => (m === heir ? { ...m, role: 'owner' as const } : m));
  return { writes, remaining };
}

/** Tries a departure a few times: a join or leave in between changes the count it is conditional on. */
async function depart(
  householdId: string,
  pick: (members: Member[]) => Member | undefined,
  extra: { writes: LiveWrite[]; failed: () => void } = { writes: [], failed: () => undefined },
): Promise<Departure | undefined> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const members = await membersOf(householdId);
    const leaver = pick(members);
    if (!leaver) return undefined;
    const lastOne = members.length === 1;
    const invitations = (await allInvitations(householdId)).filter(
      (i) => lastOne || i.invited_by === leaver.membership_id,
    );
    const { writes, remaining } = departureWrites(householdId, members, leaver, invitations);
    try {
      await transact([...extra.writes, ...writes]);
      return { householdId, departed: leaver, remaining };
    } catch (error) {
      if (!(error instanceof ConditionsFailed)) throw error;
      if (error.failed.slice(0, extra.writes.length).some(Boolean)) extra.failed();
    }
  }
  throw new HouseholdRefusal('changed');
}

/**
 * 'Leave household' (and the first step of account deletion): anyone, at any time. The owner's role
 * passes to the longest-standing member; the last member's leaving deletes the household and its
 * invitations. Undefined when the user is in no household.
 */
export async function leaveHousehold(userId: string): Promise<Departure | undefined> {
  const membership = await membershipOf(userId);
  if (!membership) return undefined;
  return depart(membership.household_id, (members) =>
    members.find((m) => m.membership_id === membership.membership_id),
  );
}

/**
 * 'Remove', conditional on the remover still owning the household: when that condition is found
 * false, the use case's rule (`decide`) says what then (it throws its refusal). Undefined when the
 * membership id is not a member of the caller's household.
 */
export async function removeMember(
  owner: { userId: string; membership: Membership },
  membershipId: string,
  decide: (found: { stillOwner: boolean }) => void,
): Promise<Departure | undefined> {
  const { household_id: householdId } = owner.membership;
  return depart(householdId, (members) => members.find((m) => m.membership_id === membershipId), {
    writes: [stillMember(owner.userId, householdId, true)],
    failed: () => decide({ stillOwner: false }),
  });
}

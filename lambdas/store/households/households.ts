/**
 * Households (decision 0044): reading them. Every read starts from the caller's own membership item
 * (USER#{sub}/HOUSEHOLD, read consistently), so no request ever names a household id; the household's
 * partition holds its item and one MEMBER item per membership, keyed by a random membership id.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import {
  HOUSEHOLD_ROLES,
  INVITATION_STATUSES,
  invitationState,
  type Household,
  type HouseholdMember,
  type PendingInvitation,
} from '../../../shared/household.ts';
import { maskEmail } from '../../../shared/identity.ts';
import { COUNTERS, HOUSEHOLD_PENDING_INVITATIONS, keys } from '../../../shared/table.ts';
import { dynamo } from '../../runtime/clients.ts';
import { getItems, itemKey, queryAll, tableName } from '../db.ts';
import { getProfiles } from '../account/index.ts';

const membershipItem = z.object({
  household_id: z.string(),
  membership_id: z.string(),
  role: z.enum(HOUSEHOLD_ROLES),
  joined_at: z.string(),
  /**
   * The shared reminders this member left (stopped seeing), by id: on both their membership item
   * and their MEMBER item, so their reads and the household's mail planning each see it.
   */
  left_reminders: z.array(z.string()).default([]),
});
export type Membership = z.infer<typeof membershipItem>;
export const parseMembership = (item: unknown): Membership => membershipItem.parse(item);

const memberItem = membershipItem.omit({ household_id: true }).extend({ user_id: z.string() });
export type Member = z.infer<typeof memberItem>;

const invitationItem = z.object({
  id: z.string(),
  household_id: z.string(),
  /** The inviter's membership id, while pending only: a used or cancelled one names no one. */
  invited_by: z.string().nullable().default(null),
  name: z.string().nullable().default(null),
  masked_email: z.string(),
  /** The address as typed, while pending only: shown to its sender; a used or cancelled one drops it. */
  email: z.string().nullable().default(null),
  status: z.enum(INVITATION_STATUSES),
  created_at: z.string(),
  expires_at: z.number(),
  pk: z.string(),
});
export type Invitation = z.infer<typeof invitationItem>;
export const parseInvitation = (item: unknown): Invitation => invitationItem.parse(item);

const householdItem = z.object({ id: z.string(), [COUNTERS.householdMembers]: z.number() });
const pendingListItem = z
  .object({
    [COUNTERS.householdInvitations]: z.number().optional(),
    [HOUSEHOLD_PENDING_INVITATIONS]: z.array(z.string()).optional(),
  })
  .transform((item) => ({
    made: item[COUNTERS.householdInvitations],
    listed: item[HOUSEHOLD_PENDING_INVITATIONS],
  }));

async function consistentGet(pk: string, sk: string) {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: itemKey(pk, sk), ConsistentRead: true }),
  );
  return Item;
}

/** The caller's own membership (read consistently: a leave or join just made is seen). */
export async function membershipOf(userId: string): Promise<Membership | undefined> {
  const item = await consistentGet(keys.user(userId), keys.householdOfUser());
  return item ? membershipItem.parse(item) : undefined;
}

/** The id of the caller's household, or undefined when they are in none. */
export const householdOf = async (userId: string) => (await membershipOf(userId))?.household_id;

/** A household's member count, or undefined when it is gone. */
export async function memberCount(householdId: string): Promise<number | undefined> {
  const item = await consistentGet(keys.household(householdId), keys.householdEntry());
  return item ? householdItem.parse(item)[COUNTERS.householdMembers] : undefined;
}

/** The household's members, oldest first (one consistent query of its partition). */
export async function membersOf(householdId: string): Promise<Member[]> {
  const items = await queryAll(
    { pk: keys.household(householdId), sk: { beginsWith: keys.memberPrefix } },
    { consistent: true },
  );
  return items.map((item) => memberItem.parse(item)).sort((a, b) => a.joined_at.localeCompare(b.joined_at));
}

/**
 * The first names of the household's members by membership id, read from their own profiles (never
 * copied): one query of its members and one BatchGet of their profiles. A member whose profile is
 * gone is left out (they read as a former member).
 */
export async function memberNames(householdId: string): Promise<Record<string, string>> {
  const members = await membersOf(householdId);
  const profiles = await getProfiles(members.map((m) => m.user_id));
  return Object.fromEntries(
    members.flatMap((m) => {
      const profile = profiles.get(m.user_id);
      return profile ? [[m.membership_id, profile.first_name]] : [];
    }),
  );
}

/** One member of the household, by membership id (undefined: not of this household, or gone). */
export async function memberOf(householdId: string, membershipId: string): Promise<Member | undefined> {
  const item = await consistentGet(keys.household(householdId), keys.member(membershipId));
  return item ? memberItem.parse(item) : undefined;
}

/** The household's invitations still pending at `now` (the gsi1 query; TTL removes them late). */
export async function pendingInvitations(householdId: string, now: Date): Promise<Invitation[]> {
  const items = await queryAll({ pk: keys.householdInvites(householdId), index: 'due' });
  return items.map(parseInvitation).filter((i) => invitationState(i.status, i.expires_at, now) === 'pending');
}

/**
 * The household's pending places, read for a new invitation: the invitations its item lists, each
 * read again (consistently) and kept while still pending, and the count of invitations made that
 * the new one is conditional on. A household made before the list has no count: its pending ones
 * come from the index, and its first new invitation writes the list.
 */
export async function pendingPlaces(
  householdId: string,
  now: Date,
): Promise<{ made: number | undefined; pendingKeys: string[] }> {
  const item = await consistentGet(keys.household(householdId), keys.householdEntry());
  const { made, listed } = pendingListItem.parse(item ?? {});
  const still = (invitations: Invitation[]) =>
    invitations.filter((i) => invitationState(i.status, i.expires_at, now) === 'pending').map((i) => i.pk);
  if (made === undefined || listed === undefined) {
    return { made: undefined, pendingKeys: still(await pendingInvitations(householdId, now)) };
  }
  const items = await getItems(
    listed.map((pk) => ({ pk, sk: keys.invitationEntry() })),
    { consistent: true },
  );
  return { made, pendingKeys: still(items.map(parseInvitation)) };
}

/** Every invitation item of the household, whatever its state (the last member's leaving deletes them). */
export async function allInvitations(householdId: string): Promise<Invitation[]> {
  return (await queryAll({ pk: keys.householdInvites(householdId), index: 'due' })).map(parseInvitation);
}

/** The Settings card's view: members from their profiles (never copied), and pending invitations. */
export async function householdView(userId: string, now = new Date()): Promise<Household | null> {
  const membership = await membershipOf(userId);
  if (!membership) return null;
  const [members, invitations] = await Promise.all([
    membersOf(membership.household_id),
    pendingInvitations(membership.household_id, now),
  ]);
  const profiles = await getProfiles(members.map((m) => m.user_id));
  return {
    is_owner: membership.role === 'owner',
    members: members.map((m): HouseholdMember => ({
      membership_id: m.membership_id,
      first_name: profiles.get(m.user_id)?.first_name ?? 'A former member',
      masked_email: maskEmail(profiles.get(m.user_id)?.email ?? ''),
      role: m.role,
      joined_at: m.joined_at,
      is_you: m.user_id === userId,
    })),
    invitations: invitations.map((i): PendingInvitation => ({
      id: i.id,
      name: i.name,
      masked_email: i.masked_email,
      email: i.invited_by === membership.membership_id ? i.email : null,
      created_at: i.created_at,
      expires_at: new Date(i.expires_at * 1000).toISOString(),
    })),
  };
}

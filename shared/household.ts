/**
 * Households (decision 0044), the facts both sides need: the request schemas, the answers' shapes,
 * and the pure rules (an invitation's state, who owns a household after its owner leaves).
 */
import * as z from 'zod';
import { encodeLinkAddress, LINK_ADDRESS_PARAM } from './linkSignIn.ts';
import { HOUSEHOLD_MESSAGES, INVITATION_DAYS } from './messages.ts';
import { personName } from './schemas/fields.ts';
import { emailSchema } from './schemas/account.ts';

/** 'Their name (optional)': shown only to the household, never in the mail to the invitee. */
export const INVITEE_NAME_MAX = 50;

export const HOUSEHOLD_ROLES = ['owner', 'member'] as const;
export type HouseholdRole = (typeof HOUSEHOLD_ROLES)[number];
export const ROLE_LABELS: Record<HouseholdRole, string> = { owner: 'Owner', member: 'Member' };

export const INVITATION_STATUSES = ['pending', 'used', 'cancelled'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
/** What a link is, as its holder is told: a stored status, or expired (pending past its day). */
export type InvitationState = InvitationStatus | 'expired';

/** An invitation token: 32 random bytes, base64url (43 characters). Only its hash is stored. */
export const INVITATION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const invitationInputSchema = z.object({
  email: emailSchema.max(254, 'That address is too long'),
  name: personName(z.string().trim().max(INVITEE_NAME_MAX, `At most ${INVITEE_NAME_MAX} characters`))
    .optional()
    .transform((name) => (name ? name : undefined)),
});
export type InvitationInput = z.input<typeof invitationInputSchema>;

export const invitationTokenSchema = z.object({
  token: z.string().regex(INVITATION_TOKEN, HOUSEHOLD_MESSAGES.unknown),
});

export const invitationParamSchema = z.object({ id: z.string().uuid('Invalid invitation id') });
export const memberParamSchema = z.object({ id: z.string().uuid('Invalid member id') });

export interface HouseholdMember {
  membership_id: string;
  first_name: string;
  masked_email: string;
  role: HouseholdRole;
  joined_at: string;
  is_you: boolean;
}

export interface PendingInvitation {
  id: string;
  name: string | null;
  masked_email: string;
  /** The address as its sender typed it, to its sender only (the other members get null). */
  email: string | null;
  created_at: string;
  expires_at: string;
}

export interface Household {
  is_owner: boolean;
  members: HouseholdMember[];
  invitations: PendingInvitation[];
}

export interface InvitationPreview {
  status: InvitationState;
  /** Whose household it is: the inviter's first name (the owner's, if the inviter has left). */
  inviter_first_name: string | null;
  /** The caller is in a household already, so joining would be refused. */
  in_household: boolean;
}

export interface Joined {
  inviter_first_name: string;
}

/**
 * What anyone holding an invitation's link may learn, signed out: whose invitation it is (the
 * inviter's first name, which the invitation mail itself says) while it still works, else null.
 */
export interface InvitationInviter {
  inviter_first_name: string | null;
}

/** The epoch second an invitation made at `now` stops working. */
export const invitationExpiry = (now: Date) => Math.floor(now.getTime() / 1000) + INVITATION_DAYS * 86_400;

/** What a stored invitation is at `now`: pending only until its expiry (TTL deletes it late). */
export function invitationState(status: InvitationStatus, expiresAt: number, now: Date): InvitationState {
  if (status === 'pending' && expiresAt * 1000 <= now.getTime()) return 'expired';
  return status;
}

/** The plain message for a link that no longer joins, by its state (unknown: no such invitation). */
export function invitationProblem(state: Exclude<InvitationState, 'pending'> | 'unknown'): string {
  return HOUSEHOLD_MESSAGES[state];
}

/**
 * Who becomes owner when the owner leaves: the longest-standing of the others (earliest joined;
 * the membership id breaks a tie, so the choice is the same on every retry). None when alone.
 */
export function nextOwner<M extends { membership_id: string; joined_at: string }>(
  others: readonly M[],
): M | undefined {
  return [...others].sort(
    (a, b) => a.joined_at.localeCompare(b.joined_at) || a.membership_id.localeCompare(b.membership_id),
  )[0];
}

/**
 * The join page's address for a token. The mailed link also carries the invited address in its
 * fragment (as the confirmation link does: base64url, never sent to a server), so that a signed-out
 * invitee's sign-up form starts with it.
 */
export const joinPath = (token: string, invitedEmail?: string) =>
  `/household/join?token=${encodeURIComponent(token)}` +
  (invitedEmail === undefined ? '' : `#${LINK_ADDRESS_PARAM}=${encodeLinkAddress(invitedEmail)}`);

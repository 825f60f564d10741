/**
 * Joining, leaving and removing (decision 0044), and telling the other members by mail. Each mail
 * is claimed in its recipient's partition under a key naming the membership and the change, so a
 * retried request tells nobody twice.
 */
import {
  invitationProblem,
  invitationState,
  type InvitationInviter,
  type InvitationPreview,
  type Joined,
} from '../../../shared/household.ts';
import { HOUSEHOLD_MESSAGES } from '../../../shared/messages.ts';
import { ROUTES } from '../../../shared/pages.ts';
import { householdChange } from '../../../shared/reminder/mails/householdChange.ts';
import { deliverOnce } from '../engine/deliver.ts';
import { composeMail, siteLink } from '../../mail/compose.ts';
import { renderChange, type HouseholdChange } from '../../mail/household.ts';
import { env } from '../../runtime/env.ts';
import { DomainError } from '../../runtime/errors.ts';
import { logger } from '../../runtime/logger.ts';
import {
  memberOf,
  membersOf,
  membershipOf,
  type Member,
  invitationByToken,
  HouseholdFull,
  InvitationSpent,
  joinWith,
  leaveHousehold,
  removeMember,
  type Departure,
} from '../../store/households/index.ts';
import { afterDeparture, refreshHouseholdNextMails } from '../../store/reminders/index.ts';
import { getProfile, getProfiles } from '../../store/account/index.ts';
import { isSuppressed } from '../../store/sending/index.ts';
import { decideJoin, decideRemoval, worded } from './refusals.ts';

/** Whose household an invitation is to: the inviter's first name, or the owner's if they left. */
async function hostName(householdId: string, invitedBy: string | null): Promise<string | null> {
  const members = await membersOf(householdId);
  const host = members.find((m) => m.membership_id === invitedBy) ?? members.find((m) => m.role === 'owner');
  return host ? ((await getProfile(host.user_id))?.first_name ?? null) : null;
}

/** What the join page shows: nothing is written. */
export async function preview(userId: string, token: string, now = new Date()): Promise<InvitationPreview> {
  const invitation = await invitationByToken(token);
  if (!invitation) throw new DomainError('not_found', invitationProblem('unknown'));
  const status = invitationState(invitation.status, invitation.expires_at, now);
  return {
    status,
    inviter_first_name:
      status === 'pending' ? await hostName(invitation.household_id, invitation.invited_by) : null,
    in_household: Boolean(await membershipOf(userId)),
  };
}

/**
 * Whose invitation a token is, to whoever holds it, signed out: the host's first name while the
 * invitation is pending, else null, whatever the reason (nothing is written, nothing else told).
 */
export async function inviterOf(token: string, now = new Date()): Promise<InvitationInviter> {
  const invitation = await invitationByToken(token);
  const pending = invitation && invitationState(invitation.status, invitation.expires_at, now) === 'pending';
  return {
    inviter_first_name: pending ? await hostName(invitation.household_id, invitation.invited_by) : null,
  };
}

/** 'Join household'. Every refusal says why in plain words. */
export async function join(userId: string, token: string, now = new Date()): Promise<Joined> {
  const invitation = await invitationByToken(token);
  if (!invitation) throw new DomainError('not_found', invitationProblem('unknown'));
  const state = invitationState(invitation.status, invitation.expires_at, now);
  if (state !== 'pending') throw new DomainError('gone', invitationProblem(state));
  const host = (await hostName(invitation.household_id, invitation.invited_by)) ?? 'Their';
  try {
    const membership = await worded(() => joinWith(userId, invitation, now, decideJoin));
    // The newcomer's mails of the shared reminders count in their places from now on.
    await refreshHouseholdNextMails(membership.household_id);
    await tellMembers(
      (await membersOf(membership.household_id)).filter((m) => m.user_id !== userId),
      userId,
      membership.membership_id,
      'joined',
      now,
    );
  } catch (error) {
    if (error instanceof HouseholdFull)
      throw new DomainError('conflict', HOUSEHOLD_MESSAGES.fullToJoin(host));
    if (error instanceof InvitationSpent) {
      const again = await invitationByToken(token);
      const spent = again ? invitationState(again.status, again.expires_at, now) : 'unknown';
      throw new DomainError('gone', invitationProblem(spent === 'pending' ? 'used' : spent));
    }
    throw error;
  }
  return { inviter_first_name: host };
}

/** 'Leave household' (and the start of account deletion): the others are told. */
export async function leave(userId: string, now = new Date()): Promise<Departure | undefined> {
  const whoName = (await getProfile(userId))?.first_name ?? '';
  const departure = await worded(() => leaveHousehold(userId));
  if (departure) {
    await afterDeparture(departure);
    await tellAbout(departure, whoName, 'left', now);
  }
  return departure;
}

/** 'Remove': the owner only; a membership id not of the caller's household is a 404. */
export async function remove(userId: string, membershipId: string, now = new Date()): Promise<void> {
  const membership = await membershipOf(userId);
  const target = membership && (await memberOf(membership.household_id, membershipId));
  if (!membership || !target) throw new DomainError('not_found', HOUSEHOLD_MESSAGES.memberNotFound);
  if (membership.role !== 'owner') throw new DomainError('conflict', HOUSEHOLD_MESSAGES.onlyOwnerRemoves);
  if (target.user_id === userId) throw new DomainError('invalid', HOUSEHOLD_MESSAGES.removeYourself);
  const whoName = (await getProfile(target.user_id))?.first_name ?? '';
  const departure = await worded(() => removeMember({ userId, membership }, membershipId, decideRemoval));
  if (!departure) throw new DomainError('not_found', HOUSEHOLD_MESSAGES.memberNotFound);
  await afterDeparture(departure);
  await tellAbout(departure, whoName, 'removed', now);
}

function tellAbout(departure: Departure, whoName: string, change: HouseholdChange, now: Date) {
  return tellMembers(departure.remaining, whoName, departure.departed.membership_id, change, now);
}

/**
 * Mails each member in `to` about the change, once (its claim). `who` is the first name, or the user
 * id of someone still here (read from their profile). A failure is logged: the change stands.
 */
async function tellMembers(
  to: readonly Member[],
  who: string,
  membershipId: string,
  change: HouseholdChange,
  now: Date,
): Promise<void> {
  if (env().EMAIL_PROVIDER === 'disabled' || to.length === 0) return;
  const profiles = await getProfiles([...to.map((m) => m.user_id), ...(change === 'joined' ? [who] : [])]);
  const whoFirstName = change === 'joined' ? (profiles.get(who)?.first_name ?? '') : who;
  for (const member of to) {
    const profile = profiles.get(member.user_id);
    if (!profile || profile.reminder_emails === false || (await isSuppressed(profile.email))) continue;
    try {
      const { identity, mail } = await composeMail(
        { userId: profile.user_id, email: profile.email },
        {
          type: householdChange.type,
          dedupeKey: householdChange.dedupeKey(membershipId, change),
          reminderId: null,
          daysBefore: null,
        },
        ({ unsubscribeUrl }) =>
          renderChange({
            firstName: profile.first_name,
            whoFirstName,
            change,
            settingsUrl: siteLink(ROUTES.settings.path),
            unsubscribeUrl,
          }),
      );
      const outcome = await deliverOnce(identity, mail, { now: () => now });
      if (outcome.status === 'failed') logger.error('Household mail failed', { error: outcome.error });
    } catch (error) {
      logger.error('Household mail failed', { error: error as Error });
    }
  }
}

/**
 * 'Send invitation' (decision 0044): the refusals that need a read first (the daily limit, one's own
 * address, a member's, a full household), then one transaction that writes the invitation and claims
 * its mail (and refuses a sixth pending one), then the mail, at most once: a retried request finds
 * the claim.
 */
import type { PendingInvitation } from '../../../shared/household.ts';
import { joinPath } from '../../../shared/household.ts';
import { maskEmail } from '../../../shared/identity.ts';
import {
  HOUSEHOLD_INVITES_PER_DAY,
  HOUSEHOLD_MEMBER_LIMIT,
  HOUSEHOLD_MESSAGES,
  NOTICES,
} from '../../../shared/messages.ts';
import { householdInvitation } from '../../../shared/reminder/mails/householdInvitation.ts';
import { deliverClaimed, type DeliveryOutcome } from '../engine/deliver.ts';
import { siteLink } from '../../mail/compose.ts';
import { invitationSubject, renderInvitation } from '../../mail/household.ts';
import { env } from '../../runtime/env.ts';
import { DomainError } from '../../runtime/errors.ts';
import { HttpError } from '../../runtime/http.ts';
import { logger } from '../../runtime/logger.ts';
import { derivedToken, inviteeSubject, unsubscribeUrls } from '../../runtime/signingKey.ts';
import {
  invitationsStopped,
  membersOf,
  membershipOf,
  type Membership,
  createInvitation,
} from '../../store/households/index.ts';
import { AccountGoneError } from '../../runtime/refusal.ts';
import { getProfile, getProfiles } from '../../store/account/index.ts';
import { settleClaim } from '../../store/sends.ts';
import { withinRateLimit } from '../../store/rateLimits/index.ts';
import { isSuppressed } from '../../store/sending/index.ts';
import { decidePending, worded } from './refusals.ts';

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** What refuses an invitation before anything is written (undefined: none). */
async function refusal(membership: Membership | undefined, email: string) {
  if (!membership) return undefined;
  const members = await membersOf(membership.household_id);
  if (members.length >= HOUSEHOLD_MEMBER_LIMIT) return HOUSEHOLD_MESSAGES.full;
  // Only the household's own members are compared: whether an address has an account is never told.
  const profiles = await getProfiles(members.map((m) => m.user_id));
  if ([...profiles.values()].some((p) => sameAddress(p.email, email)))
    return HOUSEHOLD_MESSAGES.alreadyMember;
  // Too many pending is decided on the store's read the write is conditional on (decidePending).
  return undefined;
}

export interface InviteOptions {
  now?: Date;
  /** Test seam: after the claim, before SES. Throwing here stands for the process dying. */
  onClaimed?: () => void | Promise<void>;
}

export async function invite(
  userId: string,
  input: { email: string; name?: string | undefined },
  options: InviteOptions = {},
): Promise<{ invitation: PendingInvitation; delivery: DeliveryOutcome }> {
  const now = options.now ?? new Date();
  const profile = await getProfile(userId);
  if (!profile) throw new AccountGoneError();
  if (sameAddress(profile.email, input.email))
    throw new DomainError('invalid', HOUSEHOLD_MESSAGES.inviteYourself);
  const membership = await membershipOf(userId);
  const refused = await refusal(membership, input.email);
  if (refused) throw new DomainError('conflict', refused);
  if (!(await withinRateLimit({ limit: 'householdInvites', userId }, HOUSEHOLD_INVITES_PER_DAY, now, 'day')))
    throw new HttpError(429, HOUSEHOLD_MESSAGES.tooManyInvites);

  const subject = invitationSubject(profile.first_name);
  const addressKey = await derivedToken('household-invitation', input.email.trim().toLowerCase());
  const made = await worded(() =>
    createInvitation(
      {
        userId,
        membership,
        email: input.email,
        name: input.name,
        mail: (householdId) => ({
          dedupeKey: householdInvitation.dedupeKey(householdId, addressKey, now.toISOString().slice(0, 10)),
          emailType: 'household_invitation',
          userId,
          reminderId: null,
          daysBefore: null,
          // The invitee is not a user and has not agreed to anything: the send record, kept after the
          // invitation, holds their address masked (the pending invitation holds it for its sender).
          toEmail: maskEmail(input.email),
          subject,
        }),
        decide: decidePending,
      },
      now,
    ),
  );
  const skip = async (reason: string): Promise<DeliveryOutcome> => {
    await settleClaim(made.claim, {
      status: 'skipped',
      error_message: reason,
      updated_at: now.toISOString(),
    });
    return { status: 'skipped', reason };
  };
  let delivery: DeliveryOutcome;
  if (env().EMAIL_PROVIDER === 'disabled') delivery = await skip(NOTICES.emailDisabled);
  // A bounced or complaining address, or one that asked for no invitations, is not mailed; the
  // inviter is not told (it would say something about whoever has that address).
  else if (await isSuppressed(input.email)) delivery = await skip('suppressed');
  else if (await invitationsStopped(input.email)) delivery = await skip('no invitations');
  else {
    await options.onClaimed?.();
    const urls = await unsubscribeUrls(await inviteeSubject(input.email));
    const rendered = await renderInvitation({
      inviterFirstName: profile.first_name,
      joinUrl: siteLink(joinPath(made.token, input.email.trim())),
      unsubscribeUrl: urls.page,
    });
    delivery = await deliverClaimed(
      [{ identity: made.identity, claim: made.claim }],
      {
        to: input.email.trim(),
        ...rendered,
        oneClickUnsubscribeUrl: urls.oneClick,
        tags: { type: 'household_invitation' },
      },
      { now: () => now },
    );
  }
  if (delivery.status === 'failed') logger.error('Invitation mail failed', { error: delivery.error });
  return { invitation: made.invitation, delivery };
}

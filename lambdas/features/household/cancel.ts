/**
 * 'Cancel invitation': only a pending one of the caller's own household, while they are still in it;
 * any other id is a 404. One used or cancelled meanwhile has nothing left to cancel, which is what
 * was asked.
 */
import { HOUSEHOLD_MESSAGES } from '../../../shared/messages.ts';
import { DomainError } from '../../runtime/errors.ts';
import { cancelInvitation, membershipOf, pendingInvitations } from '../../store/households/index.ts';
import { worded } from './refusals.ts';

export async function cancel(userId: string, invitationId: string, now = new Date()): Promise<void> {
  const membership = await membershipOf(userId);
  const invitation =
    membership && (await pendingInvitations(membership.household_id, now)).find((i) => i.id === invitationId);
  if (!membership || !invitation) throw new DomainError('not_found', HOUSEHOLD_MESSAGES.invitationNotFound);
  await worded(() => cancelInvitation(userId, membership, invitation, now));
}

import { HOUSEHOLD_MESSAGES } from '../../../shared/messages.ts';
import { API } from '../../../shared/routes.ts';
import { notFound } from '../../runtime/http.ts';
import { route } from '../../features/account/route.ts';
import { membershipOf, pendingInvitations, cancelInvitation } from '../../store/households/index.ts';

/** 'Cancel invitation': only a pending one of the caller's own household; any other id is a 404. */
export const handler = route(API.cancelInvitation, async ({ caller, params }) => {
  const now = new Date();
  const membership = await membershipOf(caller.userId);
  const invitation =
    membership && (await pendingInvitations(membership.household_id, now)).find((i) => i.id === params.id);
  if (!membership || !invitation) throw notFound(HOUSEHOLD_MESSAGES.invitationNotFound);
  await cancelInvitation(caller.userId, membership, invitation, now);
  return undefined;
});

/**
 * The households room: households, their members and invitations (decision 0044). Writes the items
 * `household`, `household_member`, `membership` (a user's own pointer to their household),
 * `invitation`, `household_note` and `no_invitations`. The only module outside this folder may
 * import from it; it builds on the account room and the store's base.
 */

export { dismissNote, householdNotes, leftAtResetPut, tellTakenBack } from './householdNotes.ts';
export {
  householdOf,
  householdView,
  type Member,
  memberNames,
  memberOf,
  type Membership,
  membershipOf,
  membersOf,
  parseMembership,
  pendingInvitations,
} from './households.ts';
export { cancelInvitation, createInvitation, invitationByToken } from './invitations.ts';
export {
  type Departure,
  HouseholdFull,
  InvitationSpent,
  joinWith,
  type JoinConflict,
  leaveHousehold,
  removeMember,
} from './membership.ts';
export { type HouseholdReason, HouseholdRefusal } from './refusals.ts';
export { invitationsStopped, stopInvitations } from './noInvitations.ts';

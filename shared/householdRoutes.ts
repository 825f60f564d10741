/**
 * The household routes of the API contract (shared/routes.ts spreads them into API), decision 0044:
 * one function for the group; every one starts from the caller's own membership item and none takes
 * a household id. An id of another household's member or invitation, or of a former member, answers 404.
 */
import { returns, type NoContent, type RouteSpec } from './contract.ts';
import { householdNoteParamSchema, type HouseholdNote, type HouseholdRecord } from './householdNotes.ts';
import {
  invitationInputSchema,
  invitationParamSchema,
  invitationTokenSchema,
  memberParamSchema,
  type Household,
  type InvitationPreview,
  type Joined,
  type PendingInvitation,
} from './household.ts';
import { shareRemindersSchema, type SharedAtOnce } from './reminder/sharing.ts';

export const HOUSEHOLD_ROUTES = {
  /**
   * The Settings card: the caller's household (or null), their notes (a reminder taken back…) and,
   * after a password reset, the account's household steps since it was created (else null).
   */
  getHousehold: {
    group: 'household',
    method: 'GET',
    path: '/api/household/me',
    access: 'user',
    response: returns<{
      household: Household | null;
      notes: HouseholdNote[];
      record: HouseholdRecord | null;
    }>(),
  },
  /** 'Dismiss' beside a note of the Household card: only the caller's own; another id is a 404. */
  dismissHouseholdNote: {
    group: 'household',
    method: 'DELETE',
    path: '/api/household/notes/{id}',
    access: 'user',
    params: householdNoteParamSchema,
    ownerScoped: true,
    status: 204,
    response: returns<NoContent>(),
  },
  /** 'Send invitation': mails the address a link that works for 7 days (the first one makes the household). */
  inviteToHousehold: {
    group: 'household',
    method: 'POST',
    path: '/api/household/invitations',
    access: 'user',
    status: 201,
    body: invitationInputSchema,
    response: returns<{ invitation: PendingInvitation }>(),
  },
  /** 'Cancel invitation': only one of the caller's household. */
  cancelInvitation: {
    group: 'household',
    method: 'DELETE',
    path: '/api/household/invitations/{id}',
    access: 'user',
    params: invitationParamSchema,
    ownerScoped: true,
    status: 204,
    response: returns<NoContent>(),
  },
  /** What the join page shows for a token; changes nothing. */
  previewInvitation: {
    group: 'household',
    method: 'POST',
    path: '/api/household/invitations/preview',
    access: 'user',
    body: invitationTokenSchema,
    response: returns<InvitationPreview>(),
  },
  /** 'Join household': the only request that uses a token. */
  joinHousehold: {
    group: 'household',
    method: 'POST',
    path: '/api/household/join',
    access: 'user',
    body: invitationTokenSchema,
    response: returns<Joined>(),
  },
  /** 'Leave household': anyone, at any time. */
  leaveHousehold: {
    group: 'household',
    method: 'POST',
    path: '/api/household/leave',
    access: 'user',
    status: 204,
    response: returns<NoContent>(),
  },
  /** 'Remove' (the owner only), by membership id. */
  removeHouseholdMember: {
    group: 'household',
    method: 'DELETE',
    path: '/api/household/members/{id}',
    access: 'user',
    params: memberParamSchema,
    ownerScoped: true,
    status: 204,
    response: returns<NoContent>(),
  },
  /**
   * 'Share these with your household?' (on joining, or once a household is made): the caller's own
   * reminders chosen, moved into the household at once.
   */
  shareReminders: {
    group: 'household',
    method: 'POST',
    path: '/api/household/share',
    access: 'user',
    body: shareRemindersSchema,
    response: returns<SharedAtOnce>(),
  },
} as const satisfies Record<string, RouteSpec>;

import { mailKind } from './kind.ts';

/** An invitation to join a household, to an invitee (not necessarily a user). */
export const householdInvitation = mailKind({ type: 'household_invitation', label: 'Invitation' });

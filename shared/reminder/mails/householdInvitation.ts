import { mailKind } from './kind.ts';

/**
 * An invitation to join a household, to an invitee (not necessarily a user). Its dedupe key, in the
 * inviter's partition, names the household, a keyed hash of the address (never the address) and the
 * UTC day, so a retried request (or a second one) mails an address once a day.
 */
export const householdInvitation = {
  ...mailKind({ type: 'household_invitation', label: 'Invitation' }),
  dedupeKey: (householdId: string, addressHash: string, day: string) =>
    `household_invitation#${householdId}#${addressHash}#${day}`,
};

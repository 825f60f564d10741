/**
 * The household's refusals, by name: no user text and no status. The rules' (one household per
 * person, only the owner removes, the pending invitations' limit, a join's spent invitation or full
 * household) are made by the use cases' decisions (lambdas/features/household/rules.ts), which the
 * store calls on what it read or its write's conditions found; the store itself throws only what
 * persisting met (the household changed every time, full or invited today by a write's condition).
 */
import { StoreRefusal } from '../../runtime/refusal.ts';

export type HouseholdReason =
  /** Joining while already in a household (one household per person). */
  | 'already_in'
  /** Removing a member by someone who is no longer the owner. */
  | 'only_owner_removes'
  /** The household changed under the request (a join, a departure) every time it was tried. */
  | 'changed'
  /** The household has HOUSEHOLD_PENDING_LIMIT invitations waiting. */
  | 'pending_limit'
  /** The household has HOUSEHOLD_MEMBER_LIMIT members. */
  | 'full'
  /** That address was invited today already (its mail's claim is taken). */
  | 'invited_today';
export class HouseholdRefusal extends StoreRefusal<HouseholdReason> {}

/** The invitation was used, cancelled or expired meanwhile: the caller re-reads it for its message. */
export class InvitationSpent extends StoreRefusal<'invitation_spent'> {
  constructor() {
    super('invitation_spent');
  }
}
/** The household is at HOUSEHOLD_MEMBER_LIMIT (or was deleted meanwhile): the joiner is told whose. */
export class HouseholdFull extends StoreRefusal<'household_full'> {
  constructor() {
    super('household_full');
  }
}

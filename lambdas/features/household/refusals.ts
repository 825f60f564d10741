/**
 * The household's refusals in the user's words: each refusal by name (lambdas/store/households/
 * refusals.ts) becomes the DomainError the route answers with (householdRefusal, pure). The rules'
 * refusals are made by the decisions of rules.ts, which the store calls on what it read or what its
 * write's conditions found (decideJoin, decideRemoval, decidePending below).
 */
import { HOUSEHOLD_MESSAGES } from '../../../shared/messages.ts';
import { DomainError } from '../../runtime/errors.ts';
import { enact, wordedBy } from '../../runtime/refusal.ts';
import {
  HouseholdFull,
  HouseholdRefusal,
  InvitationSpent,
  type HouseholdReason,
  type JoinConflict,
} from '../../store/households/index.ts';
import { joinRefused, pendingPlace, removal } from './rules.ts';

const WORDS: Record<HouseholdReason, string> = {
  already_in: HOUSEHOLD_MESSAGES.alreadyInHousehold,
  only_owner_removes: HOUSEHOLD_MESSAGES.onlyOwnerRemoves,
  changed: HOUSEHOLD_MESSAGES.householdChanged,
  pending_limit: HOUSEHOLD_MESSAGES.pendingLimit,
  full: HOUSEHOLD_MESSAGES.full,
  invited_today: HOUSEHOLD_MESSAGES.invitedToday,
};

/** The DomainError a refusal of the households room answers with (each a 409); undefined for anything else. */
export function householdRefusal(error: unknown): DomainError | undefined {
  return error instanceof HouseholdRefusal ? new DomainError('conflict', WORDS[error.reason]) : undefined;
}

/** Runs a store write and answers its household refusal in the user's words; anything else goes on. */
export const worded = wordedBy(householdRefusal);

/** The join rule as the store calls it on what its transaction found: the refusal it names, thrown. */
export function decideJoin(found: JoinConflict): void {
  const refused = joinRefused(found);
  if (refused === 'already_in') throw new HouseholdRefusal('already_in');
  if (refused === 'invitation_spent') throw new InvitationSpent();
  if (refused === 'household_full') throw new HouseholdFull();
}

/** The removal rule as the store calls it, its refusal thrown. */
export const decideRemoval = (found: { stillOwner: boolean }) =>
  void enact(removal(found), (reason) => new HouseholdRefusal(reason));

/** The pending invitations' rule as the store calls it on its read, its refusal thrown. */
export const decidePending = (read: { pending: number }) =>
  void enact(pendingPlace(read), (reason) => new HouseholdRefusal(reason));

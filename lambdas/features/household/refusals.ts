/**
 * The household's refusals in the user's words: each refusal of the households room (a name,
 * lambdas/store/households/refusals.ts) becomes the DomainError the route answers with. Pure: the
 * household's use cases call it on what the store threw.
 */
import { HOUSEHOLD_MESSAGES } from '../../../shared/messages.ts';
import { DomainError } from '../../runtime/errors.ts';
import { wordedBy } from '../../runtime/refusal.ts';
import { HouseholdRefusal, type HouseholdReason } from '../../store/households/index.ts';

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

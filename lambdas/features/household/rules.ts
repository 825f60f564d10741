/**
 * The household's rules (decision 0044), decided on what the store read or what its write's
 * conditions found: one household per person, an invitation joins only while it is pending and the
 * household has room, only the owner removes members, and at most HOUSEHOLD_PENDING_LIMIT
 * invitations wait at once. Pure: the use cases turn a refusal into the households room's by name.
 */
import { HOUSEHOLD_PENDING_LIMIT } from '../../../shared/limits.ts';
import type { Decision } from '../../runtime/refusal.ts';
import type { JoinConflict } from '../../store/households/index.ts';

/** Why a join's transaction failed, first the joiner's own household; null when none of these. */
export function joinRefused(
  found: JoinConflict,
): 'already_in' | 'invitation_spent' | 'household_full' | null {
  if (found.alreadyIn) return 'already_in';
  if (found.invitationSpent) return 'invitation_spent';
  if (found.householdFull) return 'household_full';
  return null;
}

/** A removal goes ahead only while the remover still owns the household. */
export function removal(found: { stillOwner: boolean }): Decision<'remove', 'only_owner_removes'> {
  return found.stillOwner ? { change: 'remove' } : { refused: 'only_owner_removes' };
}

/** A new invitation takes a pending place while fewer than HOUSEHOLD_PENDING_LIMIT wait. */
export function pendingPlace(read: { pending: number }): Decision<'place', 'pending_limit'> {
  return read.pending >= HOUSEHOLD_PENDING_LIMIT ? { refused: 'pending_limit' } : { change: 'place' };
}

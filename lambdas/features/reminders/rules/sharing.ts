/**
 * Where a reminder may live and who may move it (decision 0044), decided on what the store read:
 * 'Shared with household' needs a household, 'Who deals with it?' and 'Who pays?' name its members
 * only, and only the member who shared a reminder takes it back into their own list. Pure.
 */
import { mayTakeBack } from '../../../../shared/reminder/sharing.ts';
import type { Decision } from '../../../runtime/refusal.ts';
import type { PlacingRead, SharingReason } from '../../../store/reminders/index.ts';

/** Where the reminder goes: the caller's own list or their household's, or why it may not. */
export function placing(read: PlacingRead): Decision<'own' | 'household', SharingReason> {
  if (read.shared) {
    if (!read.inHousehold) return { refused: 'not_in_household' };
    if (read.dealsWith !== null && !read.members.has(read.dealsWith))
      return { refused: 'deals_with_not_member' };
    if (read.payers.some((payer) => !read.members.has(payer))) return { refused: 'who_pays_not_member' };
    return { change: 'household' };
  }
  // Unticked on a shared reminder: only its sharer takes it back; the others may leave it instead.
  const before = read.sharedBefore;
  if (before && !mayTakeBack(before.reminder, before.membershipId))
    return { refused: 'only_sharer_takes_back' };
  return { change: 'own' };
}

/** 'Leave this reminder': only a shared one is left; the caller's own is theirs to delete. */
export function leaving(read: { shared: boolean }): Decision<'leave', SharingReason> {
  return read.shared ? { change: 'leave' } : { refused: 'not_shared' };
}

/**
 * Sharing with a household beyond the dialog's tick box: 'Share these with your household?' (several
 * own reminders at once) and 'Leave this reminder' (a member stops seeing a shared one).
 */
import { HOUSEHOLD_MESSAGES } from '../../../shared/messages.ts';
import type { SharedAtOnce } from '../../../shared/reminder/sharing.ts';
import { DomainError } from '../../runtime/errors.ts';
import * as store from '../../store/reminders/index.ts';
import { decideLeaving, decidePlacing, worded } from './refusals.ts';

/** Only from a household: someone in none has nowhere to share to (409, the whole request). */
export async function shareReminders(userId: string, ids: readonly string[]): Promise<SharedAtOnce> {
  if (!(await store.householdHome(userId)))
    throw new DomainError('conflict', HOUSEHOLD_MESSAGES.notInHousehold);
  return worded(() => store.shareReminders(userId, ids, decidePlacing));
}

/** False when the caller sees no such reminder; refused for one of their own (only a shared one is left). */
export function leaveSharedReminder(userId: string, id: string): Promise<boolean> {
  return worded(() => store.leaveSharedReminder(userId, id, decideLeaving));
}

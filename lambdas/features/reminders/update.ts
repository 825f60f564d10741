/**
 * Saving the reminder dialog over a reminder the caller sees: ticking 'Shared with household' moves
 * it into their household, unticking moves it back (only its sharer may). Undefined when the caller
 * has no such reminder, or it is cancelled (its history is kept, but it is no longer edited).
 */
import type { Reminder } from '../../../shared/api.ts';
import type { ReminderDraft } from '../../../shared/schemas/reminder.ts';
import * as store from '../../store/reminders/index.ts';
import { decidePlacing, worded } from './refusals.ts';

export function updateReminder(
  userId: string,
  id: string,
  draft: ReminderDraft,
  now?: Date,
): Promise<Reminder | undefined> {
  return worded(() => store.updateReminder(userId, id, draft, decidePlacing, now));
}

/**
 * 'Add reminder': the reminder kept where the dialog says (the caller's own list, or their household's
 * with 'Shared with household'), within the account's limit. A household the caller is not in, or a
 * 'Who deals with it?' or 'Who pays?' naming a non-member, is refused beside its field.
 */
import type { Reminder } from '../../../shared/api.ts';
import type { ReminderDraft } from '../../../shared/schemas/reminder.ts';
import * as store from '../../store/reminders/index.ts';
import { decidePlacing, worded } from './refusals.ts';

export function createReminder(userId: string, draft: ReminderDraft, now?: Date): Promise<Reminder> {
  return worded(() => store.createReminder(userId, draft, decidePlacing, now));
}

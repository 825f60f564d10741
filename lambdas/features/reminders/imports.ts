/**
 * 'Import': up to 500 reminders saved all or nothing (decision 0021). Refused while another import
 * of the account runs, or when it ran out of time before anything was saved.
 */
import type { ReminderDraft } from '../../../shared/schemas/reminder.ts';
import * as store from '../../store/reminders/index.ts';
import { worded } from './refusals.ts';

export { IMPORT_BUDGET_MS, IMPORT_MARGIN_MS } from '../../store/reminders/index.ts';

export function importReminders(
  userId: string,
  drafts: readonly ReminderDraft[],
  now: Date,
  deadline: number,
) {
  return worded(() => store.importReminders(userId, drafts, now, deadline));
}

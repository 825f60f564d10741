/**
 * 'Share these with your household?': several of the caller's own reminders moved into their
 * household in one request, each as ticking 'Shared with household' in its dialog would (the same
 * move, over the version read, within the household's limit). One that is not the caller's own, is
 * cancelled, or is shared already is skipped and counted, never an error for the rest.
 */
import type { Reminder } from '../../../shared/api.ts';
import type { SharedAtOnce } from '../../../shared/reminder/sharing.ts';
import type { ReminderDraft } from '../../../shared/schemas/reminder.ts';
import { getVisibleReminderItem } from './imports.ts';
import { parseReminder } from '../items.ts';
import { updateReminder } from './reminders.ts';
import type { PlacingDecide } from './sharing.ts';

/** A reminder as the dialog would send it back, shared with the household, nobody in particular dealing with it. */
function sharedDraft(reminder: Reminder): ReminderDraft {
  return {
    title: reminder.title,
    category: reminder.category,
    provider: reminder.provider,
    renewal_date: reminder.renewal_date,
    amount: reminder.amount,
    notes: reminder.notes,
    billing: reminder.billing,
    date_kind: reminder.date_kind,
    repeats: reminder.repeats,
    ask_deal_end: reminder.ask_deal_end,
    auto_renew: reminder.auto_renew,
    act_by: reminder.act_by,
    lead_days: reminder.lead_days,
    action_windows: reminder.action_windows,
    lender: reminder.lender,
    kept_vehicle: reminder.kept_vehicle,
    shared: true,
    deals_with: null,
    who_pays: null,
  };
}

/** The caller is in a household (the use case checked): each of `ids` moved into it, or skipped. */
export async function shareReminders(
  userId: string,
  ids: readonly string[],
  decide: PlacingDecide,
): Promise<SharedAtOnce> {
  let shared = 0;
  // One at a time: each move is its own transaction, and the household's limit is checked by each.
  for (const id of ids) {
    const item = await getVisibleReminderItem(userId, id);
    const reminder = item && parseReminder({ ...item, user_id: userId });
    if (!reminder || reminder.archived_at !== null) continue;
    if (await updateReminder(userId, id, sharedDraft(reminder), decide)) shared++;
  }
  return { shared, skipped: ids.length - shared };
}

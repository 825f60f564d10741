/**
 * What an edit does to a reminder, as plain values: the reminder after it, and whether it
 * reschedules (its mails then start again from the owner's today, as for a new reminder).
 */
import type { Reminder } from './types.ts';
import { doneFor } from './actions.ts';

export interface Edit {
  updated: Reminder;
  /**
   * A new date, category, act-by date, set of lead days or kind of date (a deal's end has other
   * lead days than a rolling payment) reschedules. Other edits keep the
   * reminder's place, and what was already sent for this renewal stays sent.
   */
  reschedules: boolean;
}

/**
 * What an edit gives: the reminder's fields as the user set them (the API's reminderInputSchema reads
 * them); the date and its term always, the rest as the form has them.
 */
export type ReminderChanges = Partial<Reminder> & Pick<Reminder, 'renewal_date' | 'repeats'>;

export function editOf(existing: Reminder, input: ReminderChanges, now: Date): Edit {
  // A new date or term counts renewals from the new date.
  const reanchored = existing.renewal_date !== input.renewal_date || existing.repeats !== input.repeats;
  const updated: Reminder = {
    ...existing,
    ...input,
    term_anchor: reanchored ? input.renewal_date : existing.term_anchor,
    // Marks of 'This week' stay only for the renewal they were made for.
    actions_done: doneFor(existing.actions_done, input.renewal_date),
    updated_at: now.toISOString(),
  };
  const reschedules =
    existing.category !== updated.category ||
    existing.renewal_date !== updated.renewal_date ||
    existing.act_by !== updated.act_by ||
    existing.date_kind !== updated.date_kind ||
    String(existing.lead_days) !== String(updated.lead_days);
  return { updated, reschedules };
}

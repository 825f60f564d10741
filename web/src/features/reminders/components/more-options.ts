import { flushSync } from 'react-dom';
import type { FieldErrors } from 'react-hook-form';
import type { Reminder } from '#shared/api.ts';
import type { ReminderFormValues } from '#shared/schemas/reminder.ts';

/** The fields under the dialog's 'More options' that can show a message (the rest are check boxes). */
const MORE_OPTIONS_FIELDS = ['act_by', 'lead_days'] as const;

/** Whether a message is on a field under 'More options'. */
export const errorInMoreOptions = (errors: FieldErrors<ReminderFormValues>): boolean =>
  MORE_OPTIONS_FIELDS.some((name) => name in errors);

/**
 * The form's `onInvalid`: a refused field under 'More options' opens the section (and it stays
 * open while the user puts it right), before the form moves focus to the first invalid field: while
 * the section is collapsed, a field in it cannot take focus, so `open` is rendered at once.
 */
export const openMoreOptionsOnError =
  (open: () => void) =>
  (errors: FieldErrors<ReminderFormValues>): void => {
    if (errorInMoreOptions(errors)) flushSync(open);
  };

/** Whether a reminder uses any of 'More options' beyond its defaults. */
export function usesMoreOptions(reminder: Reminder | null): boolean {
  if (!reminder) return false;
  return (
    reminder.auto_renew || reminder.act_by !== null || reminder.lead_days !== null || !reminder.action_windows
  );
}

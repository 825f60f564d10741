import { flushSync } from 'react-dom';
import type { FieldErrors } from 'react-hook-form';
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

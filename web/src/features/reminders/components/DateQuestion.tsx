import type { Reminder } from '#shared/api.ts';
import { todayIn } from '#shared/dates.ts';
import { DATE_PASSED_QUESTION, isLongPast } from '#shared/reminder/agenda.ts';
import { DEAL_END_QUESTION, rollingChoice } from '#shared/reminder/contract.ts';

/**
 * Why the reminder dialog asks a saved reminder's date again, above the fields: a deal saved as a
 * monthly payment (when does the deal end?), or a date long gone (when is the next one?). Nothing
 * for a date that stands.
 */
export function DateQuestion({ reminder }: { reminder: Reminder }) {
  if (reminder.ask_deal_end) {
    return (
      <p className="dialog-callout" role="note">
        <strong>{DEAL_END_QUESTION}</strong> We had this date as a monthly payment, so we sent one e-mail
        before each. Give the date your deal ends and we remind you 90 days ahead and more; or choose '
        {rollingChoice('monthly')}'.
      </p>
    );
  }
  if (!isLongPast(reminder, todayIn())) return null;
  return (
    <p className="dialog-callout" role="note">
      <strong>{DATE_PASSED_QUESTION}</strong> Give the next date it renews or ends, and we remind you before
      it.
    </p>
  );
}

import { reminderMailKeys } from '../mailKeys.ts';
import { reminderMailKind } from './kind.ts';

/**
 * A lead: counts down to the renewal (or its act-by date) on the reminder's lead days. One that
 * counted down to an act-by date names it, so moving that date mails afresh.
 */
export const lead = reminderMailKind({
  type: 'reminder',
  label: 'Reminder',
  fields: { daysBefore: { int: [0, 365] }, actBy: 'date|null' },
  dedupeKey: (mail) =>
    reminderMailKeys.reminder(mail.reminderId, mail.renewalDate, mail.daysBefore, mail.actBy),
  countsDown: true,
  nextMailText: ({ days_before: days }, target) =>
    days === 0 ? `on ${target}` : `${days} ${days === 1 ? 'day' : 'days'} before ${target}`,
});

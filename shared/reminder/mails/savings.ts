import { reminderMailKeys } from '../mailKeys.ts';
import { reminderMailKind } from './kind.ts';

/** The follow-up: the day after the renewal, 'How did you do?'. It counts down to nothing. */
export const savings = reminderMailKind({
  type: 'savings',
  label: 'Savings',
  fields: { daysBefore: 'null', actBy: 'null' },
  dedupeKey: (mail) => reminderMailKeys.savings(mail.reminderId, mail.renewalDate),
  countsDown: false,
  nextMailText: () => 'the day after the renewal: How did you do?',
});

import { reminderMailKeys } from '../mailKeys.ts';
import { WINDOW_KINDS } from '../windows.ts';
import { reminderMailKind } from './kind.ts';

/**
 * An action window's mail: the best day to act (../windows.ts). Its days before count from the
 * renewal (not the act-by date: every window does); the act-by date it was planned with is carried
 * (the window is no use after it) but is not part of its identity.
 */
export const window = reminderMailKind({
  type: 'window',
  label: 'Best day',
  fields: { window: { oneOf: WINDOW_KINDS }, daysBefore: { int: [1, 366] }, actBy: 'date|null' },
  dedupeKey: (mail) =>
    reminderMailKeys.window(mail.reminderId, mail.renewalDate, mail.window, mail.daysBefore),
  countsDown: true,
  nextMailText: ({ days_before: days }, target) => `${days} days before ${target}: the best day to act`,
});

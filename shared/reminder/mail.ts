/**
 * A reminder's mail from plan to inbox, as one value: what identifies it (its type, recipient,
 * reminder, renewal, the day it counts down from and the act-by date it counts down to). Its dedupe
 * key is derived from those fields here and nowhere else. The schedule produces it, the planner
 * queues it, the queue message carries it (checked by `mailSchema`, ./mail-schema.ts), and the sender asks
 * `isStillScheduled` of the reminder as it is when the mail goes.
 */
import type * as z from 'zod';
import { reminderMailKeys } from './mailKeys.ts';
import type { mailSchema } from './mail-schema.ts';

/**
 * The mails a reminder schedules: 'reminder' counts down to the renewal (or its act-by date);
 * 'window' tells the best day to act (an action window, ./windows.ts); 'savings' asks, after the
 * renewal, how it went. Every kind of e-mail (shared/emailTypes.ts) begins with these.
 */
export const REMINDER_MAIL_TYPES = ['reminder', 'window', 'savings'] as const;
export type ReminderMailType = (typeof REMINDER_MAIL_TYPES)[number];

export type Mail = z.infer<typeof mailSchema>;

/** The mail's dedupe key: the part after SEND# of its send record, the same for every run. */
export function dedupeKeyOf(mail: Mail): string {
  if (mail.type === 'reminder')
    return reminderMailKeys.reminder(mail.reminderId, mail.renewalDate, mail.daysBefore, mail.actBy);
  if (mail.type === 'window')
    return reminderMailKeys.window(mail.reminderId, mail.renewalDate, mail.window, mail.daysBefore);
  return reminderMailKeys.savings(mail.reminderId, mail.renewalDate);
}

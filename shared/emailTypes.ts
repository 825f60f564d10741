/**
 * The kinds of e-mail the product sends: closed lists the API returns and the stores parse (the API
 * contract, ./api.ts, re-exports them), the mails a reminder schedules (./reminder/mail.ts) among
 * them, and what identifies one send of a mail.
 */

import { REMINDER_MAIL_TYPES, type ReminderMailType } from './reminder/mail.ts';

export { REMINDER_MAIL_TYPES, type ReminderMailType };

/**
 * The reminder's own mails, then the account's: household_invitation goes to an invitee (not a
 * user); household_change to members when one joins or leaves.
 */
export const EMAIL_TYPES = [
  ...REMINDER_MAIL_TYPES,
  'welcome',
  'test',
  'household_invitation',
  'household_change',
] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];

/**
 * What identifies one send of a mail: the claim of its send record is made under it
 * (lambdas/store/sends.ts) and a composed mail carries it (lambdas/mail/compose.ts).
 */
export interface SendIdentity {
  dedupeKey: string;
  emailType: EmailType;
  userId: string;
  reminderId: string | null;
  daysBefore: number | null;
  toEmail: string;
  subject: string;
}

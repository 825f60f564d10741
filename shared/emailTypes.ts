/**
 * The kinds of e-mail the product sends: closed lists the API returns and the stores parse (the API
 * contract, ./api.ts, re-exports them), the mails a reminder schedules among them (each kind
 * described once in ./reminder/mails/), and what identifies one send of a mail.
 */

/**
 * The reminder's own mails, then the account's and the household's: each kind is one descriptor in
 * ./reminder/mails/, whose list these closed lists are derived from.
 */
export {
  EMAIL_TYPES,
  REMINDER_MAIL_TYPES,
  type EmailType,
  type ReminderMailType,
} from './reminder/mails/index.ts';
import type { EmailType } from './reminder/mails/index.ts';

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

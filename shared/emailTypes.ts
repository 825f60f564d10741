/**
 * The kinds of e-mail the product sends: closed lists the API returns and the stores parse (the API
 * contract, ./api.ts, re-exports them), the mails a reminder schedules (./reminder/mail.ts), and
 * what identifies one send of a mail.
 */

/** household_invitation: to an invitee (not a user); household_change: to members when one joins or leaves. */
export const EMAIL_TYPES = [
  'reminder',
  'window',
  'welcome',
  'savings',
  'test',
  'household_invitation',
  'household_change',
] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];
/**
 * The mails a reminder schedules: 'reminder' counts down to the renewal (or its act-by date);
 * 'window' tells the best day to act (an action window, shared/reminder/windows.ts); 'savings'
 * asks, after the renewal, how it went.
 */
export const REMINDER_MAIL_TYPES = ['reminder', 'window', 'savings'] as const satisfies readonly EmailType[];
export type ReminderMailType = (typeof REMINDER_MAIL_TYPES)[number];

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

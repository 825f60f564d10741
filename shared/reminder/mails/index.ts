/**
 * Every kind of e-mail the product sends, one descriptor each (./kind.ts says what one holds): the
 * mails a reminder schedules first, then the account's and the household's. The closed lists, the
 * Mail type and the look-ups below are derived from these lists and written nowhere else.
 */
import type { MailKind, MailOf, ReminderMailKind } from './kind.ts';
import { householdChange } from './householdChange.ts';
import { householdInvitation } from './householdInvitation.ts';
import { inboxLetter } from './inboxLetter.ts';
import { lead } from './lead.ts';
import { savings } from './savings.ts';
import { test } from './testMail.ts';
import { welcome } from './welcome.ts';
import { window } from './window.ts';

/** The mails a reminder schedules (its schedule rules: ../schedule.ts). */
export const REMINDER_MAIL_KINDS = [lead, window, savings] as const;
export const MAIL_KINDS = [
  ...REMINDER_MAIL_KINDS,
  welcome,
  test,
  householdInvitation,
  householdChange,
  inboxLetter,
] as const;

export type ReminderMailType = (typeof REMINDER_MAIL_KINDS)[number]['type'];
export type EmailType = (typeof MAIL_KINDS)[number]['type'];

type NonEmpty<T> = readonly [T, ...T[]];
export const REMINDER_MAIL_TYPES = REMINDER_MAIL_KINDS.map(
  (kind) => kind.type,
) as unknown as NonEmpty<ReminderMailType>;
export const EMAIL_TYPES = MAIL_KINDS.map((kind) => kind.type) as unknown as NonEmpty<EmailType>;

type MailOfKind<K> = K extends ReminderMailKind<infer T, infer F> ? MailOf<T, F> : never;
/** A reminder's mail from plan to inbox, as one value (../mail.ts): one of the kinds' mails. */
export type Mail = MailOfKind<(typeof REMINDER_MAIL_KINDS)[number]>;

const reminderKinds = new Map<string, ReminderMailKind>(REMINDER_MAIL_KINDS.map((kind) => [kind.type, kind]));
const labels = new Map<string, string>(MAIL_KINDS.map((kind: MailKind) => [kind.type, kind.label]));

/** The descriptor of a reminder mail's type. */
export function reminderMailKindOf(type: ReminderMailType): ReminderMailKind {
  return reminderKinds.get(type)!;
}

/** How the admin screens label a kind of e-mail (its type itself for one they do not know). */
export const mailLabel = (type: string): string => labels.get(type) ?? type;

/**
 * A reminder's mail from plan to inbox, as one value: what identifies it (its type, recipient,
 * reminder, renewal, and its kind's own fields: the day it counts down from, the act-by date it
 * counts down to, a window's kind). Its dedupe key is derived from those fields by its kind
 * (./mails/) and nowhere else. The schedule produces it, the planner queues it, the queue message
 * carries it (checked by `mailSchema`, ./mail-schema.ts), and the sender asks `isStillScheduled` of
 * the reminder as it is when the mail goes.
 */
import { IDENTITY_FIELDS } from './mails/kind.ts';
import { reminderMailKindOf, type Mail } from './mails/index.ts';

export { REMINDER_MAIL_TYPES, type Mail, type ReminderMailType } from './mails/index.ts';

/** The mail's dedupe key: the part after SEND# of its send record, the same for every run. */
export function dedupeKeyOf(mail: Mail): string {
  // Each kind's key reads its own mail: the map by type pairs them, which TypeScript cannot see.
  return (reminderMailKindOf(mail.type).dedupeKey as unknown as (mail: Mail) => string)(mail);
}

/** The Mail of a scheduled mail (or anything carrying one), without what was added to it: only its kind's fields. */
export function mailOf(value: Mail): Mail {
  const fields = [...IDENTITY_FIELDS, ...Object.keys(reminderMailKindOf(value.type).fields)];
  const mail: Record<string, unknown> = { type: value.type };
  for (const field of fields) mail[field] = (value as unknown as Record<string, unknown>)[field];
  return mail as unknown as Mail;
}

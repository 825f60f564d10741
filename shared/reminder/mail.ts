/**
 * A reminder's mail from plan to inbox, as one value: what identifies it (its type, recipient,
 * reminder, renewal, the day it counts down from and the act-by date it counts down to). Its dedupe
 * key is derived from those fields here and nowhere else. The schedule produces it, the planner
 * queues it, the queue message carries it (checked by `mailSchema`), and the sender asks
 * `isStillScheduled` of the reminder as it is when the mail goes.
 */
import * as z from 'zod';
import { dedupeKeys } from '../table.ts';
import { isoDate } from '../schemas.ts';
import { WINDOW_KINDS } from './windows.ts';

export type { ReminderMailType } from '../api.ts';

/** Ids in mails and queue messages: UUIDs, never free text. */
export const idSchema = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'Invalid id');

const identity = { userId: idSchema, reminderId: idSchema, renewalDate: isoDate };
export const mailSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('reminder'),
      ...identity,
      daysBefore: z.number().int().min(0).max(365),
      actBy: isoDate.nullable(),
    })
    .strict(),
  z
    .object({
      type: z.literal('window'),
      ...identity,
      window: z.enum(WINDOW_KINDS),
      /** Days from the window to the renewal (not the act-by date: every window counts from the renewal). */
      daysBefore: z.number().int().min(1).max(366),
      /** The act-by date it was planned with: the window is no use after it. Not part of its identity. */
      actBy: isoDate.nullable(),
    })
    .strict(),
  z.object({ type: z.literal('savings'), ...identity, daysBefore: z.null(), actBy: z.null() }).strict(),
]);
export type Mail = z.infer<typeof mailSchema>;

/** The mail's dedupe key: the part after SEND# of its send record, the same for every run. */
export function dedupeKeyOf(mail: Mail): string {
  if (mail.type === 'reminder')
    return dedupeKeys.reminder(mail.reminderId, mail.renewalDate, mail.daysBefore, mail.actBy);
  if (mail.type === 'window')
    return dedupeKeys.window(mail.reminderId, mail.renewalDate, mail.window, mail.daysBefore);
  return dedupeKeys.savings(mail.reminderId, mail.renewalDate);
}

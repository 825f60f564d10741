/**
 * The queue message's check of a Mail (./mail.ts), apart from the Mail's rules: the schedule, which
 * the dashboard runs too, needs the dedupe key and not zod.
 */
import * as z from 'zod';
import { isoDate } from './realDate.ts';
import { WINDOW_KINDS } from './windows.ts';

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

/**
 * The queue message's check of a Mail (./mail.ts), apart from the Mail's rules: the schedule, which
 * the dashboard runs too, needs the dedupe key and not zod. Each kind's check is made from its
 * descriptor's fields (./mails/), strict: a message can carry no field its kind does not have.
 */
import * as z from 'zod';
import { isoDate } from './realDate.ts';
import type { FieldSpec } from './mails/kind.ts';
import { REMINDER_MAIL_KINDS, type Mail } from './mails/index.ts';

/** Ids in mails and queue messages: UUIDs, never free text. */
export const idSchema = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'Invalid id');

const identity = { userId: idSchema, reminderId: idSchema, renewalDate: isoDate };

function fieldSchema(spec: FieldSpec): z.ZodType {
  if (spec === 'null') return z.null();
  if (spec === 'date|null') return isoDate.nullable();
  if ('int' in spec) return z.number().int().min(spec.int[0]).max(spec.int[1]);
  return z.enum(spec.oneOf);
}

const [first, ...rest] = REMINDER_MAIL_KINDS.map((kind) =>
  z
    .object({
      type: z.literal(kind.type),
      ...identity,
      ...Object.fromEntries(Object.entries(kind.fields).map(([name, spec]) => [name, fieldSchema(spec)])),
    })
    .strict(),
);

/** A Mail as a queue message carries it: its kind's fields and no other (the cast: built from the same list as Mail). */
export const mailSchema = z.discriminatedUnion('type', [first!, ...rest]) as unknown as z.ZodType<Mail>;

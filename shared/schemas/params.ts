/** Path and query parameters, and the small bodies of the admin's and the public pages' calls. */
import * as z from 'zod';
import { isoDate } from '../reminder/realDate.ts';
import { MESSAGES } from './fields.ts';

/** Path parameter {token} of the calendar feed: 43 base64url characters, '.ics' after them allowed. */
export const calendarTokenParamSchema = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}(\.ics)?$/, 'Invalid calendar link')
    .transform((token) => token.replace(/\.ics$/, '')),
});

/** Path parameter {token} of a mailed 'Add to calendar' link: an opaque sealed token, '.ics' allowed. */
export const eventTokenParamSchema = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,400}(\.ics)?$/, 'Invalid calendar link')
    .transform((token) => token.replace(/\.ics$/, '')),
});

/** Path parameter {id}: our ids are UUIDs; anything else is a 400, not a lookup. */
export const idParamSchema = z.object({ id: z.string().uuid('Invalid reminder id') });

/** A path the SPA reports as not found: logged without query or fragment, never personal data. */
export const notFoundReportSchema = z.object({ path: z.string().min(1).max(300).startsWith('/') });

/** ?limit= on the admin lists: 1 to 100 rows, each list with its own default. */
export const limitQuerySchema = (fallback: number) =>
  z.object({ limit: z.coerce.number().int().min(1).max(100).default(fallback) });

export const runCronSchema = z.object({
  simulate: z.boolean(),
  /** The simulation's date; a real run always works for today in Europe/London. */
  date: isoDate.optional(),
});

/** ?token= on the one-click unsubscribe: the signed token is the only credential. */
export const unsubscribeQuerySchema = z.object({
  token: z.string().min(10, 'Missing unsubscribe token').max(300),
});

export const systemTestSchema = z.object({
  email: z.string().trim().email(MESSAGES.invalidEmail).optional(),
});

/**
 * Calendar dates as text: whether YYYY-MM-DD names a day that really exists (2026-02-30 does not),
 * and the zod schemas that refuse one that does not. The reminder's own schemas (a mail's dates, a
 * notice's), the API's and the vehicle rules all use them.
 */
import * as z from 'zod';

/** Whether YYYY-MM-DD text is a calendar date that really exists (2026-02-30 is not). */
export function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** What a renewal date that is not a real YYYY-MM-DD date is refused with (the API's MESSAGES name it too). */
export const RENEWAL_DATE_INVALID = 'Renewal date must be a valid date (YYYY-MM-DD)';

/** A calendar date, YYYY-MM-DD, that really exists, refused with `message`. */
export const dateSchema = (message: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(isRealDate, message);

/** A calendar date, YYYY-MM-DD, that really exists (2026-02-30 is refused). */
export const isoDate = dateSchema(RENEWAL_DATE_INVALID);

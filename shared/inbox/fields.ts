/**
 * What the renewal inbox reads out of a letter or an e-mail: the fields a reminder needs, each null
 * when the document did not say it plainly, and for each field found the line it came from, so the
 * page can show the user where a figure was read before they confirm it. The lambdas produce it and
 * the API and the web read it through this one schema.
 */
import * as z from 'zod';
import { CATEGORY_VALUES } from '../reminder/categories.ts';
import { isRealDate } from '../reminder/realDate.ts';
import { DATE_KIND_VALUES } from '../reminder/contract.ts';
import { REPEATS_VALUES } from '../reminder/terms.ts';
import { AMOUNT_MAX, PROVIDER_MAX } from '../schemas/fields.ts';

/** The fields, in the order the confirm page shows them. */
export const INBOX_FIELDS = [
  'provider',
  'category',
  'renewal_date',
  'date_kind',
  'amount',
  'repeats',
  'previous_amount',
] as const;
export type InboxField = (typeof INBOX_FIELDS)[number];

/** A source line is trimmed and cut to this length: enough to recognise, never a whole letter. */
export const SOURCE_MAX = 200;

const pounds = z.number().finite().min(0).max(AMOUNT_MAX);

export const inboxFieldsSchema = z
  .object({
    provider: z.string().trim().min(1).max(PROVIDER_MAX).nullable(),
    category: z.enum(CATEGORY_VALUES).nullable(),
    renewal_date: z.string().refine(isRealDate, 'Date must be YYYY-MM-DD').nullable(),
    /** What the date is: a deal's end, a renewal, or the next charge of a rolling payment. */
    date_kind: z.enum(DATE_KIND_VALUES).nullable(),
    /** Pounds per payment, paid as `repeats` says. */
    amount: pounds.nullable(),
    /** How the amount is paid (a reminder's `billing`). */
    repeats: z.enum(REPEATS_VALUES).nullable(),
    /** What the same payment was before: last year's premium, the price before a rise. */
    previous_amount: pounds.nullable(),
    /** The line each found field was read from. */
    sources: z.partialRecord(z.enum(INBOX_FIELDS), z.string().max(SOURCE_MAX)),
  })
  .strict();

export type InboxFields = z.infer<typeof inboxFieldsSchema>;

/** Nothing found. */
export const NO_FIELDS: InboxFields = {
  provider: null,
  category: null,
  renewal_date: null,
  date_kind: null,
  amount: null,
  repeats: null,
  previous_amount: null,
  sources: {},
};

/** A line as a source: spaces collapsed, trimmed, cut to SOURCE_MAX with an ellipsis. */
export function sourceLine(line: string): string {
  const flat = line.replace(/\s+/g, ' ').trim();
  return flat.length <= SOURCE_MAX ? flat : `${flat.slice(0, SOURCE_MAX - 1)}…`;
}

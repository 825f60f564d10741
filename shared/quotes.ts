/**
 * The quote notebook: the quotes a user collects for one renewal (the reminder's current renewal
 * date), as the reminder page's 'Add a quote' form and its API take them. A quote's price is per term
 * of the reminder, as the reminder's own amount is.
 */
import * as z from 'zod';
import { inWholePence } from './reminder/money-text.ts';
import {
  AMOUNT_MAX,
  dateSchema,
  isRealDate,
  MESSAGES,
  moneyText,
  moneyTextToAmount,
  plainText,
  PROVIDER_MAX,
} from './schemas/fields.ts';
import type { Quote } from './reminder/quotes.ts';

export type { Quote };

/** How many quotes one renewal keeps: enough to shop around, and a small bounded read. */
export const QUOTE_LIMIT = 20;
export const QUOTE_NOTES_MAX = 500;

export const QUOTE_MESSAGES = {
  priceRequired: 'Price is required',
  priceDecimals: 'Price must have at most 2 decimal places',
  dateRequired: 'Date is required',
  dateInvalid: 'Date must be a valid date (YYYY-MM-DD)',
  notesMax: `Notes must be ${QUOTE_NOTES_MAX} characters or less`,
  limit: `This renewal has ${QUOTE_LIMIT} quotes already: remove one first`,
  cancelled: 'This reminder is cancelled: it takes no more quotes',
  notFound: 'Quote not found',
} as const;

const provider = plainText(
  z.string().trim().min(1, MESSAGES.providerRequired).max(PROVIDER_MAX, MESSAGES.providerMax),
  { required: MESSAGES.providerRequired },
);
const notes = plainText(z.string().max(QUOTE_NOTES_MAX, QUOTE_MESSAGES.notesMax), { multiline: true });

/** Whole pence: 12.5 and 12.50 are, 12.505 is not (binary fractions allowed for). */
const inPence = (pounds: number) => Math.abs(pounds * 100 - Math.round(pounds * 100)) < 1e-6;

/** A quote as the API takes it; empty notes become null. */
export const quoteInputSchema = z
  .object({
    provider,
    price: z
      .number({ error: QUOTE_MESSAGES.priceRequired })
      .finite(MESSAGES.amountInvalid)
      .min(0, MESSAGES.amountNegative)
      .max(AMOUNT_MAX, MESSAGES.amountTooLarge)
      .refine(inPence, QUOTE_MESSAGES.priceDecimals),
    quoted_on: dateSchema(QUOTE_MESSAGES.dateInvalid),
    notes: notes
      .nullable()
      .default(null)
      .transform((v) => (v && v.trim() !== '' ? v : null)),
    renewal_offer: z.boolean().default(false),
  })
  .strict();
export type QuoteInput = z.output<typeof quoteInputSchema>;

/** 'Add a quote' as typed: every value a string. */
export const quoteFormSchema = z.object({
  provider,
  price: moneyText
    .refine((v) => v !== '', QUOTE_MESSAGES.priceRequired)
    .refine(inWholePence, QUOTE_MESSAGES.priceDecimals),
  quoted_on: z
    .string()
    .min(1, QUOTE_MESSAGES.dateRequired)
    .refine((v) => v === '' || isRealDate(v), QUOTE_MESSAGES.dateInvalid),
  notes,
  renewal_offer: z.boolean(),
});
export type QuoteFormValues = z.infer<typeof quoteFormSchema>;

export const quoteFormToInput = (values: QuoteFormValues): QuoteInput =>
  quoteInputSchema.parse({ ...values, price: moneyTextToAmount(values.price) });

export const quoteParamSchema = z.object({
  id: z.uuid('Invalid reminder id'),
  quoteId: z.uuid('Invalid quote id'),
});

/**
 * The outcome of a renewal, as the outcome page and its API take it: the amount saved, what
 * happened, and the next term's fields.
 */
import * as z from 'zod';
import { SAVINGS_OUTCOMES } from './reminder/types.ts';
import { inWholePence, moneyTextPounds, readMoneyText } from './reminder/money-text.ts';
import {
  dateSchema,
  isRealDate,
  MESSAGES,
  moneyAmount,
  moneyText,
  moneyTextToAmount,
  plainText,
  PROVIDER_MAX,
} from './schemas/fields.ts';

/**
 * The savings outcome form's amount, as typed: at most 20 characters, no sign, at most 2 decimals;
 * '£1,150.00' and '1,150' read as money fields read them (shared/reminder/money-text.ts).
 */
export const SAVINGS_MESSAGES = {
  negative: MESSAGES.amountNegative,
  tooLong: 'Please enter a reasonable amount',
  decimals: 'Please enter a valid amount with max 2 decimal places',
} as const;
export const SAVINGS_CAP = 1_000_000;

export const savingsAmountSchema = z
  .string()
  .trim()
  // One message per amount: each check stops the ones after it.
  .max(20, { message: SAVINGS_MESSAGES.tooLong, abort: true })
  .refine((v) => readMoneyText(v).kind !== 'negative', { message: SAVINGS_MESSAGES.negative, abort: true })
  .refine((v) => readMoneyText(v).kind !== 'invalid' && inWholePence(v), SAVINGS_MESSAGES.decimals)
  // Converted to a number, clamped to 0..1,000,000, 0 when blank.
  .transform((v) => Math.min(SAVINGS_CAP, moneyTextPounds(v) ?? 0));

/**
 * The outcome of a renewal: the spec's two answers, plus what comes next. With a next renewal date
 * the reminder rolls forward (new date, provider and price, a fresh schedule); with `cancelled` it
 * is archived. The saved amount is stored only when the outcome is saved; otherwise 0.
 * `renewal_date` is the renewal the answer is for (the one the page showed): an answer for a term
 * that is over or already answered by someone else is refused, never moved to the next term.
 * Absent (an older page), it is the renewal the store reads first.
 */
export const savingsInputSchema = z
  .object({
    renewal_date: dateSchema(MESSAGES.renewalDateInvalid).optional(),
    outcome: z.enum(SAVINGS_OUTCOMES),
    saved_amount: savingsAmountSchema.optional(),
    next_renewal_date: dateSchema(MESSAGES.nextRenewalDateInvalid).nullable().default(null),
    new_provider: plainText(z.string().trim().max(PROVIDER_MAX))
      .nullable()
      .default(null)
      .transform((v) => (v ? v : null)),
    new_price: moneyAmount,
    cancelled: z.boolean().default(false),
  })
  .transform((v) => ({ ...v, saved_amount: v.outcome === 'saved' ? (v.saved_amount ?? 0) : 0 }));
export type SavingsInput = z.output<typeof savingsInputSchema>;

/** The outcome page's 'Your next renewal' fields, as typed. */
export const nextRenewalFormSchema = z.object({
  next_renewal_date: z.string().refine((v) => v === '' || isRealDate(v), MESSAGES.nextRenewalDateInvalid),
  new_provider: plainText(z.string().trim().max(PROVIDER_MAX)),
  new_price: moneyText,
  cancelled: z.boolean(),
});
export type NextRenewalFormValues = z.infer<typeof nextRenewalFormSchema>;

/** The 'Your next renewal' fields as the outcome request carries them. */
export function nextRenewalFormToInput(values: NextRenewalFormValues) {
  // Cancelled: there is no next term, whatever its fields still hold.
  if (values.cancelled)
    return { next_renewal_date: null, new_provider: null, new_price: null, cancelled: true };
  return {
    next_renewal_date: values.next_renewal_date === '' ? null : values.next_renewal_date,
    new_provider: values.new_provider.trim() === '' ? null : values.new_provider.trim(),
    new_price: moneyTextToAmount(values.new_price),
    cancelled: false,
  };
}

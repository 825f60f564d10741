/**
 * 'Price rises in April' as the API takes it and an item keeps it (reminder/priceRise.ts has the
 * rules): 'CPI + 3.9%' or 'RPI + 3.9%', or a rise a month in whole pence; and the dialog's two
 * fields as typed. Apart from the rules, which the dashboard runs without zod.
 */
import * as z from 'zod';
import { formatPounds } from '../dates.ts';
import { inWholePence, readMoneyText } from './money-text.ts';
import { PRICE_RISE_KIND_VALUES, PRICE_RISE_MAX_PENCE } from './priceRise.ts';

export const PRICE_RISE_MESSAGES = {
  kindInvalid: 'Choose how the price rises in April from the list',
  amountInvalid: `Give the rise a month in pounds and pence, from £0.01 to ${formatPounds(PRICE_RISE_MAX_PENCE / 100)}`,
  notTelecoms: 'A price rise in April goes only with Broadband & Mobile',
} as const;

export const priceRiseSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.enum(['cpi_3_9', 'rpi_3_9']) }).strict(),
    z
      .object({
        kind: z.literal('pounds'),
        pence_a_month: z
          .number({ error: PRICE_RISE_MESSAGES.amountInvalid })
          .int(PRICE_RISE_MESSAGES.amountInvalid)
          .min(1, PRICE_RISE_MESSAGES.amountInvalid)
          .max(PRICE_RISE_MAX_PENCE, PRICE_RISE_MESSAGES.amountInvalid),
      })
      .strict(),
  ],
  { error: PRICE_RISE_MESSAGES.kindInvalid },
);

/** The dialog's select: '' is 'No rise, or I don't know'. */
export const priceRiseKindField = z.union([
  z.enum(PRICE_RISE_KIND_VALUES, { error: PRICE_RISE_MESSAGES.kindInvalid }),
  z.literal(''),
]);

/** The dialog's 'Rise a month (£)': pounds and pence, more than nothing, at most the limit. */
export function riseAmountProblem(text: string): string | null {
  const reading = readMoneyText(text);
  const ok =
    reading.kind === 'pounds' &&
    inWholePence(text) &&
    reading.pounds > 0 &&
    Math.round(reading.pounds * 100) <= PRICE_RISE_MAX_PENCE;
  return ok ? null : PRICE_RISE_MESSAGES.amountInvalid;
}

/** The dialog's two fields as the API takes them: null when no rise is chosen. */
export function priceRiseFromForm(
  kind: string | undefined,
  amount: string | undefined,
): z.infer<typeof priceRiseSchema> | null {
  if (kind === 'pounds') {
    const reading = readMoneyText(amount ?? '');
    return { kind, pence_a_month: reading.kind === 'pounds' ? Math.round(reading.pounds * 100) : NaN };
  }
  return kind === 'cpi_3_9' || kind === 'rpi_3_9' ? { kind } : null;
}

/**
 * A rise as a file says it (the export writes priceRiseText: 'CPI + 3.9%', '£3.00 a month'), as the
 * dialog's two fields; null when it is none of those.
 */
export function priceRiseNamed(text: string): { kind: string; amount: string } | null {
  const wanted = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (wanted === 'cpi + 3.9%') return { kind: 'cpi_3_9', amount: '' };
  if (wanted === 'rpi + 3.9%') return { kind: 'rpi_3_9', amount: '' };
  const amount = wanted.replace(/ a month$/, '');
  return amount !== wanted && readMoneyText(amount).kind === 'pounds' ? { kind: 'pounds', amount } : null;
}

/**
 * What the outcome page makes of a renewal's quotes: the cheapest one as the suggested new provider
 * and price, and the saving as the renewal price minus the price taken. Both prices are per term of
 * the reminder, so the saving is too (a monthly bill's saving is per month). Pure.
 */
import type { Quote } from '../api.ts';

type Comparable = Pick<Quote, 'price' | 'quoted_on' | 'created_at'>;

/**
 * The quote to suggest: the lowest price; between equal prices the later quote (the fresher offer),
 * then the one added first. Undefined when there are none.
 */
export function cheapestQuote<T extends Comparable>(quotes: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const quote of quotes) {
    if (!best || compare(quote, best) < 0) best = quote;
  }
  return best;
}

function compare(a: Comparable, b: Comparable): number {
  if (a.price !== b.price) return a.price - b.price;
  if (a.quoted_on !== b.quoted_on) return b.quoted_on.localeCompare(a.quoted_on);
  return a.created_at.localeCompare(b.created_at);
}

/**
 * The saving per term: the renewal price minus the price taken, to the penny; null when either is
 * unknown or the price taken is not lower (nothing saved).
 */
export function savingPerTerm(renewalPrice: number | null, takenPrice: number | null): number | null {
  if (renewalPrice === null || takenPrice === null) return null;
  if (!Number.isFinite(takenPrice) || takenPrice < 0 || takenPrice >= renewalPrice) return null;
  return Math.round((renewalPrice - takenPrice) * 100) / 100;
}

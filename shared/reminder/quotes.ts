/**
 * What the outcome page makes of a renewal's quotes: the cheapest one as the suggested new provider
 * and price, and the saving as the renewal price minus the price taken. Both prices are per term of
 * the reminder, so the saving is too (a monthly bill's saving is per month). Pure.
 */

/** A quote noted for one renewal of a reminder (its form and API: shared/quotes.ts); its price is per term, as the reminder's. */
export interface Quote {
  id: string;
  reminder_id: string;
  /** The renewal it was collected for: the reminder's renewal date when it was added. */
  renewal_date: string;
  provider: string;
  price: number;
  /** When the quote was given. */
  quoted_on: string;
  notes: string | null;
  /** 'This is my renewal offer': the current provider's price to renew, which savings are measured against. */
  renewal_offer: boolean;
  created_at: string;
}

type Comparable = Pick<Quote, 'price' | 'quoted_on' | 'created_at'>;

/**
 * The quote to suggest: the lowest price; between equal prices the later quote (the fresher offer),
 * then the one added first. The renewal offer is what the others are measured against, not one of
 * them. Undefined when there are none.
 */
export function cheapestQuote<T extends Comparable & { renewal_offer?: boolean }>(
  quotes: readonly T[],
): T | undefined {
  let best: T | undefined;
  for (const quote of quotes) {
    if (quote.renewal_offer) continue;
    if (!best || compare(quote, best) < 0) best = quote;
  }
  return best;
}

/** What a saving is measured against: the renewal offer when one is noted, else what was paid. */
export interface Baseline {
  price: number;
  source: 'renewal_offer' | 'last_price';
}

/**
 * The renewal price a saving is measured against: the provider's renewal offer when a quote is
 * marked so (the latest marked, as an offer can be revised), else the reminder's own price (last
 * term's); null when neither is known.
 */
export function baselineOf(
  amount: number | null,
  quotes: readonly Pick<Quote, 'price' | 'renewal_offer' | 'created_at'>[],
): Baseline | null {
  const offer = quotes
    .filter((q) => q.renewal_offer)
    .sort((a, b) => a.created_at.localeCompare(b.created_at))
    .at(-1);
  if (offer) return { price: offer.price, source: 'renewal_offer' };
  return amount === null ? null : { price: amount, source: 'last_price' };
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

/**
 * Price memory: the renewal price a provider offers set against what the reminder costs now, said
 * the same way on the dashboard, the reminder page, the mails and the push line: 'Renewal offer
 * £612.34/yr, up 23% on last year's £498.10/yr'. The offer is the latest quote marked 'This is my
 * renewal offer' for the current renewal (kept on the reminder, `renewal_offer`, so a list needs no
 * quote reads); once the reminder rolls on, the term's outcome keeps it (`offer_price`). Pure.
 */
import { formatPounds } from '../dates.ts';
import { amountWithPeriod } from './money.ts';
import type { Repeats } from './terms.ts';

/** The renewal offer a reminder keeps for one renewal: its price per payment and the quote it came from. */
export interface RenewalOffer {
  price: number;
  quote_id: string;
  renewal_date: string;
}

/** What the offer's line needs of a reminder. */
export interface OfferedReminder {
  renewal_date: string;
  amount: number | null;
  billing: Repeats;
  renewal_offer: RenewalOffer | null;
}

/** The offer for the reminder's current renewal; null when none is noted, or it was for an earlier one. */
export const currentOffer = (reminder: OfferedReminder): RenewalOffer | null =>
  reminder.renewal_offer?.renewal_date === reminder.renewal_date ? reminder.renewal_offer : null;

/**
 * The change from `was` to `now` in whole percent, rounded half away from zero: 23 for £498.10 →
 * £612.34, -10 for a fall; null when there was nothing to compare with.
 */
export function changePercent(was: number, now: number): number | null {
  if (!(was > 0) || !Number.isFinite(now)) return null;
  const pct = ((Math.round(now * 100) - Math.round(was * 100)) / Math.round(was * 100)) * 100;
  return Math.sign(pct) * Math.round(Math.abs(pct));
}

/**
 * 'Renewal offer £612.34/yr, up 23% on last year's £498.10/yr' (a yearly payment's price was last
 * year's; any other is what is paid now: 'up 5% on the £52.00/month you pay now'); 'the same as'
 * for no change; without a price to compare, the offer alone. Null without an offer.
 */
export function offerLine(reminder: OfferedReminder): string | null {
  const offer = currentOffer(reminder);
  if (!offer) return null;
  const offered = `Renewal offer ${amountWithPeriod(offer.price, reminder.billing)}`;
  if (reminder.amount === null) return offered;
  const pct = changePercent(reminder.amount, offer.price);
  if (pct === null) return offered;
  const was = amountWithPeriod(reminder.amount, reminder.billing);
  const against = reminder.billing === 'yearly' ? `last year's ${was}` : `the ${was} you pay now`;
  if (Math.round(offer.price * 100) === Math.round(reminder.amount * 100))
    return `${offered}, the same as ${against}`;
  if (pct === 0) return `${offered}, ${offer.price > reminder.amount ? 'up' : 'down'} under 1% on ${against}`;
  return `${offered}, ${pct > 0 ? 'up' : 'down'} ${Math.abs(pct)}% on ${against}`;
}

/** A term's three prices as its history row says them: paid, offered, agreed; '-' when unknown. */
export function termPrices(term: {
  price: number | null;
  offer_price: number | null;
  new_price: number | null;
}): { paid: string; offered: string; agreed: string } {
  const shown = (p: number | null) => (p === null ? '-' : formatPounds(p));
  return { paid: shown(term.price), offered: shown(term.offer_price), agreed: shown(term.new_price) };
}

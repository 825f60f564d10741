import type { Quote, Reminder } from '#shared/api.ts';
import { formatUkDate } from '#shared/dates.ts';
import { amountWithPeriod } from '#shared/reminder/money.ts';
import { baselineOf, cheapestQuote, savingPerTerm } from '#shared/reminder/quotes.ts';
import { AmountText } from '../../../components/AmountText.tsx';

/**
 * The cheapest quote noted for this renewal, offered as the new provider and price: 'Use this quote'
 * fills them (and the saving follows: the renewal price minus the price taken, per term).
 */
export function QuoteSuggestion({
  reminder,
  quotes,
  onUse,
}: {
  reminder: Reminder;
  quotes: Quote[];
  onUse: (quote: Quote) => void;
}) {
  const cheapest = cheapestQuote(quotes);
  if (!cheapest) return null;
  const baseline = baselineOf(reminder.amount, quotes);
  const saving = savingPerTerm(baseline?.price ?? null, cheapest.price);
  return (
    <section className="quote-suggestion" aria-labelledby="quote-suggestion-heading">
      <h2 id="quote-suggestion-heading" className="next-renewal-title">
        Your cheapest quote
      </h2>
      <p>
        <strong>{cheapest.provider}</strong> at{' '}
        <AmountText text={amountWithPeriod(cheapest.price, reminder.billing)} />, on{' '}
        {formatUkDate(cheapest.quoted_on)}
        {saving !== null && (
          <AmountText
            text={` · ${amountWithPeriod(saving, reminder.billing)} less than ${
              baseline?.source === 'renewal_offer' ? 'your renewal offer' : 'you paid'
            }`}
          />
        )}
      </p>
      <button type="button" className="btn btn-outline" onClick={() => onUse(cheapest)}>
        Use this quote
      </button>
    </section>
  );
}

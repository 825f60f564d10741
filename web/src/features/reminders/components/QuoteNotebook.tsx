import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { Quote, Reminder } from '#shared/api.ts';
import { formatPounds, formatUkDate, todayIn } from '#shared/dates.ts';
import { amountWithPeriod } from '#shared/reminder/money.ts';
import { cheapestQuote } from '#shared/reminder/quotes.ts';
import { QUOTE_LIMIT, quoteFormSchema, quoteFormToInput, type QuoteFormValues } from '#shared/quotes.ts';
import { AmountText } from '../../../components/AmountText.tsx';
import { Field, MONEY_INPUT } from '../../../components/form/Field.tsx';
import { Form, FormError, SubmitButton } from '../../../components/form/Form.tsx';
import { reportSubmitError } from '../../../components/form/submit-error.ts';
import { useAddQuote, useRemoveQuote } from '../api/quotes.ts';
import './QuoteNotebook.css';

const EMPTY: QuoteFormValues = { provider: '', price: '', quoted_on: '', notes: '', renewal_offer: false };

/** The price field's hint: a quote is per payment, as the renewal price is, so they compare like for like. */
const priceHint = (reminder: Reminder) =>
  reminder.billing === 'none'
    ? 'Pounds and pence, for example 365.50.'
    : `Per payment, as your renewal price: for example ${amountWithPeriod(365.5, reminder.billing)}.`;

/**
 * 'Quotes': the quotes noted for this renewal, cheapest marked, each with 'Remove', and 'Add a
 * quote'. The outcome page suggests the cheapest one when the renewal is done.
 */
export function QuoteNotebook({ reminder, quotes }: { reminder: Reminder; quotes: Quote[] }) {
  const add = useAddQuote(reminder.id);
  const remove = useRemoveQuote(reminder.id);
  const form = useForm({
    resolver: zodResolver(quoteFormSchema),
    defaultValues: { ...EMPTY, quoted_on: todayIn() },
  });
  const cheapest = cheapestQuote(quotes);
  const full = quotes.length >= QUOTE_LIMIT;

  const submit = async (values: QuoteFormValues) => {
    try {
      const input = quoteFormToInput(values);
      await add.mutateAsync(input);
      form.reset({ ...EMPTY, quoted_on: values.quoted_on });
      toast.success('Quote added', { description: `${input.provider}: ${formatPounds(input.price)}` });
    } catch (error) {
      reportSubmitError(form, error, 'Error', { description: 'Failed to add the quote' });
    }
  };

  const removeQuote = async (quote: Quote) => {
    try {
      await remove.mutateAsync(quote.id);
    } catch {
      toast.error('Error', { description: 'Failed to remove the quote' });
    }
  };

  return (
    <section className="card" aria-labelledby="quotes-heading">
      <h2 id="quotes-heading" className="card-title">
        Quotes
      </h2>
      {quotes.length === 0 ? (
        <p className="muted">No quotes yet. Note the ones you get, and compare them with your renewal.</p>
      ) : (
        <ul className="quote-list" aria-label="Quotes for this renewal">
          {quotes.map((quote) => (
            <li key={quote.id} className="quote-item">
              <div className="quote-main">
                <strong className="quote-provider">{quote.provider}</strong>
                <span className="quote-price">
                  <AmountText text={amountWithPeriod(quote.price, reminder.billing)} />
                </span>
                {quote.renewal_offer && <span className="quote-offer">Renewal offer</span>}
                {quote === cheapest && quotes.length > 1 && <span className="quote-cheapest">Cheapest</span>}
              </div>
              <p className="muted small quote-meta">
                {formatUkDate(quote.quoted_on)}
                {quote.notes ? ` · ${quote.notes}` : ''}
              </p>
              <button
                type="button"
                className="btn btn-ghost btn-sm quote-remove"
                aria-label={`Remove the quote from ${quote.provider}`}
                disabled={remove.isPending}
                onClick={() => void removeQuote(quote)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className="muted">This renewal has {QUOTE_LIMIT} quotes: remove one to add another.</p>
      ) : (
        <Form form={form} onSubmit={submit} className="form quote-form">
          <h3 className="quote-form-title">Add a quote</h3>
          <div className="quote-form-row">
            <Field name="provider" label="Provider" type="text" autoComplete="off" />
            <Field
              name="price"
              label="Price (£)"
              prefix="£"
              placeholder="0.00"
              hint={priceHint(reminder)}
              {...MONEY_INPUT}
            />
            <Field name="quoted_on" label="Date" type="date" />
          </div>
          <Field name="notes" label="Notes (optional)" as="textarea" rows={2} />
          <Field
            name="renewal_offer"
            label={`This is my renewal offer from ${reminder.provider}`}
            type="checkbox"
            hint="Your savings are then measured against it, not against last year's price."
          />
          <SubmitButton className="btn btn-outline" pendingLabel="Adding…">
            Add a quote
          </SubmitButton>
          <FormError />
        </Form>
      )}
    </section>
  );
}

import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Category } from '#shared/reminder/categories.ts';
import {
  DATE_KINDS,
  DEAL_END_QUESTION,
  DEFAULT_CONTRACT,
  dateLabel,
  rollingChoice,
  type DateKind,
} from '#shared/reminder/contract.ts';
import { amountLabel } from '#shared/reminder/money.ts';
import { PAYMENT_FREQUENCIES, RENEWAL_TERMS } from '#shared/reminder/terms.ts';
import type { ReminderFormValues } from '#shared/schemas/reminder.ts';
import { Field, MONEY_INPUT } from '../../../components/form/Field.tsx';

/** The question over the date's kind, as the category's usual kind asks it. */
const QUESTION: Record<DateKind, string> = {
  deal_end: DEAL_END_QUESTION,
  renewal: 'When does it renew?',
  next_payment: 'When is the next payment?',
};

/**
 * The reminder's two facts, asked apart in plain words: 'How often do you pay?' with the amount per
 * payment, then what the date is (a deal that ends, a term that renews every so often, or a rolling
 * payment with no end), and the date under the label that says which ('Deal ends', 'Renews on',
 * 'Next payment').
 */
export function ContractFields({ category }: { category: Category }) {
  const { register, getFieldState, formState } = useFormContext<ReminderFormValues>();
  const billing = useWatch<ReminderFormValues, 'billing'>({ name: 'billing' });
  const kind = useWatch<ReminderFormValues, 'date_kind'>({ name: 'date_kind' });
  const legendId = useId();
  const kindError = getFieldState('date_kind', formState).error?.message;
  // A one-off payment has no next charge to remind before.
  const kinds = DATE_KINDS.filter((k) => k.value !== 'next_payment' || billing !== 'none');
  return (
    <>
      <Field name="billing" label="How often do you pay?" as="select" options={PAYMENT_FREQUENCIES} />
      <Field name="amount" label={amountLabel(billing)} {...MONEY_INPUT} />
      <fieldset className="radio-group" aria-describedby={kindError ? `${legendId}-error` : undefined}>
        <legend id={legendId}>{QUESTION[DEFAULT_CONTRACT[category].date_kind]}</legend>
        <div className="choices">
          {kinds.map((k) => (
            <label key={k.value} className="checkbox">
              <input type="radio" value={k.value} {...register('date_kind')} />
              <span>{k.value === 'next_payment' ? rollingChoice(billing) : k.choice}</span>
            </label>
          ))}
        </div>
        {kindError && (
          <p id={`${legendId}-error`} className="field-error">
            {kindError}
          </p>
        )}
      </fieldset>
      {kind === 'renewal' && (
        <Field name="repeats" label="Renews every" as="select" options={RENEWAL_TERMS} />
      )}
      <Field name="renewal_date" label={`${dateLabel(kind)} *`} type="date" />
    </>
  );
}

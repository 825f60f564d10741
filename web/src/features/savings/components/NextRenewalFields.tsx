import { FormProvider, type UseFormReturn } from 'react-hook-form';
import { amountLabel } from '#shared/reminder/money.ts';
import type { NextTermField } from '#shared/reminder/outcome.ts';
import type { Repeats } from '#shared/reminder/terms.ts';
import type { DateKind } from '#shared/reminder/contract.ts';
import type { NextRenewalFormValues } from '#shared/savingsSchemas.ts';
import { Field, MONEY_INPUT } from '../../../components/form/Field.tsx';

/**
 * 'Your next renewal' ('What's your new deal?' after a deal that ended): only the fields the chosen
 * answer needs (the next date, provider, price). Its own form state (the page checks it when the
 * outcome is sent), shown without a form element of its own, so Enter in a field never sends half an
 * answer. The price is per payment, as the reminder's is.
 */
export function NextRenewalFields({
  form,
  fields,
  billing,
  dateKind,
}: {
  form: UseFormReturn<NextRenewalFormValues>;
  fields: readonly NextTermField[];
  billing: Repeats;
  dateKind: DateKind;
}) {
  if (fields.length === 0) return null;
  const deal = dateKind === 'deal_end';
  return (
    <FormProvider {...form}>
      <section className="next-renewal" aria-labelledby="next-renewal-heading">
        <h2 id="next-renewal-heading" className="next-renewal-title">
          {deal ? "What's your new deal?" : 'Your next renewal'}
        </h2>
        {fields.includes('next_renewal_date') && (
          <Field name="next_renewal_date" label={deal ? 'New deal ends' : 'Next renewal date'} type="date" />
        )}
        {fields.includes('new_provider') && <Field name="new_provider" label="New provider" type="text" />}
        {fields.includes('new_price') && (
          <Field
            name="new_price"
            label={billing === 'none' ? 'New price (£)' : amountLabel(billing, 'New price')}
            prefix="£"
            placeholder="0.00"
            {...MONEY_INPUT}
          />
        )}
      </section>
    </FormProvider>
  );
}

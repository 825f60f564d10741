import { FormProvider, useWatch, type UseFormReturn } from 'react-hook-form';
import type { NextRenewalFormValues } from '#shared/schemas.ts';
import { Field, MONEY_INPUT } from '../../../components/form/Field.tsx';

/**
 * 'Your next renewal': the next date, provider and price, or 'I cancelled it'. Its own form state
 * (the page checks it when either outcome is sent), shown without a form element of its own, so
 * Enter in a field never sends half an answer.
 */
export function NextRenewalFields({ form }: { form: UseFormReturn<NextRenewalFormValues> }) {
  const cancelled = useWatch({ control: form.control, name: 'cancelled' });
  return (
    <FormProvider {...form}>
      <section className="next-renewal" aria-labelledby="next-renewal-heading">
        <h2 id="next-renewal-heading" className="next-renewal-title">
          Your next renewal
        </h2>
        <fieldset className="next-renewal-fields" disabled={cancelled}>
          <legend className="visually-hidden">The next term</legend>
          <Field name="next_renewal_date" label="Next renewal date" type="date" />
          <Field name="new_provider" label="New provider" type="text" />
          <Field name="new_price" label="New price (£)" prefix="£" placeholder="0.00" {...MONEY_INPUT} />
        </fieldset>
        <Field name="cancelled" label="I cancelled it" type="checkbox" />
      </section>
    </FormProvider>
  );
}

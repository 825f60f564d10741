import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { formatPounds } from '#shared/dates.ts';
import { SAVINGS_MESSAGES, savingsAmountSchema } from '#shared/schemas.ts';
import { Field, MONEY_INPUT } from '../../../components/form/Field.tsx';
import { Form, FormError, SubmitButton } from '../../../components/form/Form.tsx';
import { reportSubmitError } from '../../../components/form/submit-error.ts';
import type { RecordSavingsBody } from '../api/record-savings.ts';

// A saving is an amount above zero: a blank or 0 asks for one (or points to the no-savings button).
const savingsFormSchema = z.object({
  saved_amount: savingsAmountSchema.refine((amount) => amount > 0, SAVINGS_MESSAGES.amountNeeded),
});

const AMOUNT_HINT = 'Pounds and pence, for example 125.50.';

/**
 * The two outcomes of a renewal: an amount saved (checked, then sent as text with its value in
 * pounds), or renewed with no saving. A failed `onRecord` is reported; `busy` disables both choices.
 * `suggested` (the price drop, when both prices are known) fills the amount until the user types one.
 */
export function SavingsForm({
  onRecord,
  busy: recording,
  suggested = null,
}: {
  onRecord: (body: RecordSavingsBody, amount: number) => Promise<void>;
  busy: boolean;
  suggested?: number | null;
}) {
  const form = useForm({ resolver: zodResolver(savingsFormSchema), defaultValues: { saved_amount: '' } });
  const busy = form.formState.isSubmitting || recording;
  const { getFieldState, setValue } = form;

  useEffect(() => {
    if (suggested === null || getFieldState('saved_amount').isDirty) return;
    setValue('saved_amount', suggested.toFixed(2));
  }, [suggested, getFieldState, setValue]);

  const submit = async (body: RecordSavingsBody, amount: number) => {
    try {
      await onRecord(body, amount);
    } catch (error) {
      reportSubmitError(form, error, 'Error', { description: 'Failed to record your response' });
    }
  };

  return (
    <>
      <Form
        form={form}
        onSubmit={({ saved_amount }) =>
          submit({ outcome: 'saved', saved_amount: String(saved_amount) }, saved_amount)
        }
      >
        <Field
          name="saved_amount"
          label="Amount saved (£)"
          hint={
            suggested === null
              ? AMOUNT_HINT
              : `Suggested from the price drop: ${formatPounds(suggested)}. ${AMOUNT_HINT}`
          }
          prefix="£"
          placeholder="0.00"
          {...MONEY_INPUT}
        />
        <SubmitButton className="btn btn-primary btn-block" disabled={recording}>
          Record Savings
        </SubmitButton>
        <FormError />
      </Form>
      <div className="divider" role="presentation">
        <span>or</span>
      </div>
      <button
        type="button"
        className="btn btn-outline btn-block"
        disabled={busy}
        onClick={() => void submit({ outcome: 'no_saving' }, 0)}
      >
        I Renewed (No Savings)
      </button>
    </>
  );
}

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { SAVINGS_MESSAGES, savingsAmountSchema } from '#shared/schemas.ts';
import { Field, MONEY_INPUT } from '../../../components/form/Field.tsx';
import { Form, FormError, SubmitButton } from '../../../components/form/Form.tsx';
import { reportSubmitError } from '../../../components/form/submit-error.ts';
import type { RecordSavingsBody } from '../api/record-savings.ts';

// A saving is an amount above zero: a blank or 0 asks for one (or points to the no-savings button).
const savingsFormSchema = z.object({
  saved_amount: savingsAmountSchema.refine((amount) => amount > 0, SAVINGS_MESSAGES.amountNeeded),
});

/**
 * The two outcomes of a renewal: an amount saved (checked, then sent as text with its value in
 * pounds), or renewed with no saving. A failed `onRecord` is reported; `busy` disables both choices.
 */
export function SavingsForm({
  onRecord,
  busy: recording,
}: {
  onRecord: (body: RecordSavingsBody, amount: number) => Promise<void>;
  busy: boolean;
}) {
  const form = useForm({ resolver: zodResolver(savingsFormSchema), defaultValues: { saved_amount: '' } });
  const busy = form.formState.isSubmitting || recording;

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
          hint="Pounds and pence, for example 125.50."
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

import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { formatPounds } from '#shared/dates.ts';
import { amountLabel, amountWithPeriod, yearlySavingPence } from '#shared/reminder/money.ts';
import type { Baseline } from '#shared/reminder/quotes.ts';
import type { Repeats } from '#shared/reminder/terms.ts';
import { savingsAmountSchema } from '#shared/savingsSchemas.ts';
import { AmountText } from '../../../components/AmountText.tsx';
import { Field, MONEY_INPUT } from '../../../components/form/Field.tsx';
import { Form, FormError, SubmitButton } from '../../../components/form/Form.tsx';
import { reportSubmitError } from '../../../components/form/submit-error.ts';
import type { RecordSavingsBody } from '../api/record-savings.ts';

// A blank amount counts as £0, as does 0: the renewal is recorded with no saving.
const savingsFormSchema = z.object({
  saved_amount: z.string().transform((text, ctx) => {
    if (text.trim() === '') return 0;
    const parsed = savingsAmountSchema.safeParse(text);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  }),
});

const AMOUNT_HINT = 'Pounds and pence, for example 125.50.';

/** The hint under the amount: the suggestion, if any, and what a saving per term comes to in a year. */
function amountHint(suggested: number | null, billing: Repeats, baseline: Baseline | null): string {
  const perTerm = billing !== 'none' && billing !== 'yearly';
  const money = (pounds: number) => (perTerm ? amountWithPeriod(pounds, billing) : formatPounds(pounds));
  // The page says what the saving is measured against: the renewal offer, or what was paid.
  const against =
    baseline === null
      ? ''
      : baseline.source === 'renewal_offer'
        ? `, against your renewal offer of ${money(baseline.price)}`
        : `, against the ${money(baseline.price)} you paid (no renewal offer noted)`;
  const suggestion =
    suggested === null ? '' : `Suggested from the price drop${against}: ${money(suggested)}. `;
  const year = perTerm
    ? ` ${amountWithPeriod(3, billing)} saved counts as ${formatPounds(yearlySavingPence(3, billing) / 100)} a year.`
    : '';
  return `${suggestion}${AMOUNT_HINT}${year}`;
}

/**
 * The amount saved at a renewal (checked, then sent as text with its value in pounds; blank or 0 is
 * a renewal with no saving) and, with `noSavingsButton`, 'I Renewed (No Savings)'. A failed
 * `onRecord` is reported; `busy` disables both. `suggested` (the price drop, when both prices are
 * known) fills the amount until the user types one. The amount is per term of `repeats`, as the
 * prices are: a monthly bill's saving is per month.
 */
export function SavingsForm({
  onRecord,
  busy: recording,
  suggested = null,
  noSavingsButton = true,
  onlyNoSavings = false,
  billing = 'none',
  baseline = null,
}: {
  onRecord: (body: RecordSavingsBody, amount: number) => Promise<void>;
  busy: boolean;
  suggested?: number | null;
  noSavingsButton?: boolean;
  /** Only 'I Renewed (No Savings)': the answer was 'I renewed as is'. */
  onlyNoSavings?: boolean;
  billing?: Repeats;
  /** What `suggested` was measured against (shared/reminder/quotes.ts, baselineOf). */
  baseline?: Baseline | null;
}) {
  const form = useForm({ resolver: zodResolver(savingsFormSchema), defaultValues: { saved_amount: '' } });
  const busy = form.formState.isSubmitting || recording;
  const { getFieldState, setValue, clearErrors } = form;

  // A suggestion replaces what was there, and with it any message about that.
  useEffect(() => {
    if (suggested === null || getFieldState('saved_amount').isDirty) return;
    setValue('saved_amount', suggested.toFixed(2));
    clearErrors('saved_amount');
  }, [suggested, getFieldState, setValue, clearErrors]);

  const submit = async (body: RecordSavingsBody, amount: number) => {
    try {
      await onRecord(body, amount);
    } catch (error) {
      reportSubmitError(form, error, 'Error', { description: 'Failed to record your response' });
    }
  };

  const noSavings = (
    <button
      type="button"
      className={onlyNoSavings ? 'btn btn-primary btn-block' : 'btn btn-outline btn-block'}
      disabled={busy}
      onClick={() => void submit({ outcome: 'no_saving' }, 0)}
    >
      I Renewed (No Savings)
    </button>
  );
  if (onlyNoSavings) return noSavings;
  return (
    <>
      <Form
        form={form}
        onSubmit={({ saved_amount }) =>
          saved_amount > 0
            ? submit({ outcome: 'saved', saved_amount: String(saved_amount) }, saved_amount)
            : submit({ outcome: 'no_saving' }, 0)
        }
      >
        <Field
          name="saved_amount"
          label={billing === 'none' ? 'Amount saved (£)' : amountLabel(billing, 'Amount saved')}
          hint={<AmountText text={amountHint(suggested, billing, baseline)} />}
          prefix="£"
          placeholder="0.00"
          {...MONEY_INPUT}
        />
        <SubmitButton className="btn btn-primary btn-block" disabled={recording}>
          Record Savings
        </SubmitButton>
        <FormError />
      </Form>
      {noSavingsButton && (
        <>
          <div className="divider" role="presentation">
            <span>or</span>
          </div>
          {noSavings}
        </>
      )}
    </>
  );
}

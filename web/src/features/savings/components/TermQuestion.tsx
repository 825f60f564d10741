import type { UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import type { Quote, Reminder } from '#shared/api.ts';
import { moneyTextPounds } from '#shared/reminder/money-text.ts';
import { OUTCOME_CHOICES, type OutcomeChoice } from '#shared/reminder/outcome.ts';
import { baselineOf, savingPerTerm, type Baseline } from '#shared/reminder/quotes.ts';
import type { NextRenewalFormValues } from '#shared/savingsSchemas.ts';
import { ROUTES } from '../../../config/routes.ts';
import type { RecordSavingsBody } from '../api/record-savings.ts';
import { NextRenewalFields } from './NextRenewalFields.tsx';
import { QuoteSuggestion } from './QuoteSuggestion.tsx';
import { SavingsForm } from './SavingsForm.tsx';

/** The saving a typed new price makes against the renewal price (shared/reminder/quotes.ts). */
function priceDrop(oldPrice: number | null, newPriceText: string): number | null {
  const newPrice = moneyTextPounds(newPriceText);
  return savingPerTerm(oldPrice, newPrice !== null && Number.isFinite(newPrice) ? newPrice : null);
}

/**
 * What follows the answer: the next term's fields it needs, then how it is recorded. A switch or a
 * haggle asks the amount saved (blank counts as £0); renewing as is is 'I Renewed (No Savings)';
 * cancelling needs nothing more.
 */
function OutcomeAnswer({
  choice,
  form,
  onRecord,
  busy,
  suggested,
  reminder,
  baseline,
}: {
  choice: OutcomeChoice | null;
  form: UseFormReturn<NextRenewalFormValues>;
  onRecord: (body: RecordSavingsBody, amount: number) => Promise<void>;
  busy: boolean;
  suggested: number | null;
  reminder: Pick<Reminder, 'billing' | 'date_kind'>;
  baseline: Baseline | null;
}) {
  const fields = OUTCOME_CHOICES.find((c) => c.value === choice)?.fields ?? [];
  if (choice === 'cancelled') {
    return (
      <button
        type="button"
        className="btn btn-primary btn-block outcome-record"
        disabled={busy}
        onClick={() =>
          void onRecord({ outcome: 'no_saving' }, 0).catch(() =>
            toast.error('Error', { description: 'Failed to record your response' }),
          )
        }
      >
        Record cancellation
      </button>
    );
  }
  return (
    <>
      <NextRenewalFields
        form={form}
        fields={fields}
        billing={reminder.billing}
        dateKind={reminder.date_kind}
      />
      {choice === 'renewed' ? (
        <SavingsForm onRecord={onRecord} busy={busy} onlyNoSavings />
      ) : (
        <SavingsForm
          onRecord={onRecord}
          busy={busy}
          suggested={suggested}
          noSavingsButton={choice === null}
          billing={reminder.billing}
          baseline={baseline}
        />
      )}
    </>
  );
}

/** 'How did you do?' as four big choices, one of them picked. */
function OutcomeChoices({
  choice,
  onChoose,
}: {
  choice: OutcomeChoice | null;
  onChoose: (choice: OutcomeChoice) => void;
}) {
  return (
    <fieldset className="outcome-choices">
      <legend className="visually-hidden">{ROUTES.savings.title}</legend>
      {OUTCOME_CHOICES.map((c) => (
        <label key={c.value} className="outcome-choice">
          <input
            type="radio"
            name="outcome-choice"
            value={c.value}
            checked={choice === c.value}
            onChange={() => onChoose(c.value)}
          />
          <span>{c.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The question for a term not answered yet (or being answered again): the cheapest quote to take,
 * the four choices, and what the chosen one asks. A reminder cancelled (archived) shows only how
 * its answer is recorded.
 */
export function TermQuestion({
  reminder,
  quotes,
  choice,
  onChoose,
  onUseQuote,
  form,
  newPrice,
  onRecord,
  busy,
}: {
  reminder: Reminder;
  quotes: Quote[];
  choice: OutcomeChoice | null;
  onChoose: (choice: OutcomeChoice) => void;
  onUseQuote: (quote: Quote) => void;
  form: UseFormReturn<NextRenewalFormValues>;
  /** The new price as typed, for the saving it suggests. */
  newPrice: string;
  onRecord: (body: RecordSavingsBody, amount: number) => Promise<void>;
  busy: boolean;
}) {
  const archived = reminder.archived_at !== null;
  const baseline = baselineOf(reminder.amount, quotes);
  return (
    <>
      {archived ? (
        <p className="muted">You cancelled this one: it is no longer on your list.</p>
      ) : (
        <>
          <QuoteSuggestion reminder={reminder} quotes={quotes} onUse={onUseQuote} />
          <OutcomeChoices choice={choice} onChoose={onChoose} />
        </>
      )}
      {(archived || choice !== null) && (
        <OutcomeAnswer
          choice={archived ? null : choice}
          form={form}
          onRecord={onRecord}
          busy={busy}
          suggested={archived ? null : priceDrop(baseline?.price ?? null, newPrice)}
          reminder={reminder}
          baseline={baseline}
        />
      )}
    </>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { Quote, Reminder } from '#shared/api.ts';
import { categoryLabel } from '#shared/reminder/categories.ts';
import { daysLeft, formatPounds, formatUkDate, todayIn, UK_ZONE } from '#shared/dates.ts';
import {
  nextRenewalFormSchema,
  nextRenewalFormToInput,
  type NextRenewalFormValues,
} from '#shared/savingsSchemas.ts';
import { OUTCOME_CHOICE_VALUES, switchNeedsProvider, type OutcomeChoice } from '#shared/reminder/outcome.ts';
import { MESSAGES } from '#shared/schemas/fields.ts';
import { renewalFromLink, termState, termToAsk } from '#shared/reminder/termAnswer.ts';
import { nextRenewalAfter } from '#shared/reminder/terms.ts';
import { ApiRequestError } from '../../../api/client.ts';
import { useHouseholdMembers } from '../../../api/get-household.ts';
import { useMe } from '../../../api/get-me.ts';
import { useReminder } from '../../../api/get-reminder.ts';
import { AppLayout } from '../../../components/AppLayout.tsx';
import { LoadingPanel } from '../../../components/Panels.tsx';
import { ROUTES, SAVINGS_RENEWAL_PARAM } from '../../../config/routes.ts';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle.ts';
import { useRecordSavings, type RecordSavingsBody } from '../api/record-savings.ts';
import { TermAnswered } from '../components/TermAnswered.tsx';
import { TermQuestion } from '../components/TermQuestion.tsx';
import './SavingsPage.css';

/** How long the thank-you shows before the dashboard. */
const REDIRECT_MS = 2000;
const TITLE = ROUTES.savings.title;

function isNotFound(error: unknown): boolean {
  // 400 is an id that cannot exist (not a UUID); 404 is unknown or another user's reminder.
  return error instanceof ApiRequestError && (error.status === 404 || error.status === 400);
}

/**
 * /savings/:reminderId, linked from the e-mail after a renewal: how much did you save? It asks about
 * one term: the renewal its link names (`?renewal=`), else the one it first showed.
 */
export default function SavingsPage() {
  useDocumentTitle(TITLE);
  const { reminderId } = useParams();
  if (!reminderId) return <Navigate to={ROUTES.dashboard.path} replace />;
  return <SavingsOutcome key={reminderId} reminderId={reminderId} />;
}

function BackToDashboard({ className }: { className: string }) {
  return (
    <Link to={ROUTES.dashboard.path} className={className}>
      Back to Dashboard
    </Link>
  );
}

/**
 * The next term as the page first offers it: a term on by the reminder's repeat. 'New provider' (shown
 * only for 'I switched') starts empty: the old provider there would make a switch read as a renewal.
 */
function nextTermDefaults(reminder: Reminder): NextRenewalFormValues {
  return {
    next_renewal_date: nextRenewalAfter(reminder.term_anchor, reminder.repeats, reminder.renewal_date) ?? '',
    new_provider: '',
    new_price: '',
    cancelled: false,
  };
}

/**
 * The term asked about: the renewal the link names, else the one to ask about once the reminder and
 * the reader's zone are known (`data` undefined until then). It stays the same while the page is
 * open, whatever a refetch brings: an answer meant for it never lands on the next one.
 */
function usePinnedTerm(
  fromLink: string | null,
  data: { reminder: Reminder; history: Parameters<typeof termToAsk>[1] } | undefined,
  zone: string,
) {
  const [pinned, setPinned] = useState(() => renewalFromLink(fromLink));
  useEffect(() => {
    if (pinned !== null || !data) return;
    setPinned(termToAsk(data.reminder.renewal_date, data.history, null, todayIn(zone)));
  }, [pinned, data, zone]);
  return [pinned, setPinned] as const;
}

/** A reminder that failed to load is said once: one not found (or not the reader's) goes to the dashboard. */
function useReportLoadError(isError: boolean, error: unknown) {
  const navigate = useNavigate();
  const reported = useRef(false);
  useEffect(() => {
    if (!isError || reported.current) return;
    reported.current = true;
    if (isNotFound(error)) {
      toast.error('Reminder not found', { description: "The reminder you're looking for doesn't exist." });
      navigate(ROUTES.dashboard.path, { replace: true });
    } else {
      toast.error('Error', { description: 'Failed to load reminder details' });
    }
  }, [isError, error, navigate]);
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <>
      <h1 className="card-title">{TITLE}</h1>
      <p role="alert">Failed to load reminder details</p>
      <div className="savings-actions">
        <button type="button" className="btn btn-outline" onClick={onRetry}>
          Try again
        </button>
        <BackToDashboard className="btn btn-ghost" />
      </div>
    </>
  );
}

/** The page's title, and the renewal it asks about: the reminder, its category, provider and date. */
function SavingsHeading({
  reminder,
  provider,
  term,
}: {
  reminder: Reminder;
  provider: string;
  term: string;
}) {
  return (
    <>
      <h1 className="card-title">{TITLE}</h1>
      <p className="savings-reminder">
        <strong>{reminder.title}</strong>
        <span className="muted small">
          {' '}
          · {categoryLabel(reminder.category)} · {provider} · {daysLeft(term) < 0 ? 'renewed' : 'renews'}{' '}
          {formatUkDate(term)}
        </span>
      </p>
    </>
  );
}

/** The thank-you toast's words for a recorded answer. */
function thanks(body: RecordSavingsBody, amount: number, choice: OutcomeChoice | null): string {
  if (body.outcome === 'saved') return `Great job saving ${formatPounds(amount)}!`;
  return choice === 'cancelled'
    ? 'Thanks for letting us know you cancelled it.'
    : 'Thanks for letting us know you renewed.';
}

/** The answer a mail's link pre-selects (`?choice=`), when it is one of the four. */
function choiceFromLink(value: string | null): OutcomeChoice | null {
  return (OUTCOME_CHOICE_VALUES as readonly string[]).includes(value ?? '') ? (value as OutcomeChoice) : null;
}

/**
 * Records the answer about `term`: the next term's fields checked first (their messages show under
 * them), and only the chosen answer's own fields sent. Answered meanwhile (by someone else, or the
 * term moved on: 409), `onAnsweredMeanwhile` shows the answer there instead; recorded, a thank-you,
 * then the dashboard.
 */
function useRecordAnswer(
  reminderId: string,
  {
    form,
    choice,
    reminder,
    term,
    onAnsweredMeanwhile,
  }: {
    form: UseFormReturn<NextRenewalFormValues>;
    choice: OutcomeChoice | null;
    reminder: Reminder | undefined;
    term: string;
    onAnsweredMeanwhile: () => Promise<void>;
  },
) {
  const navigate = useNavigate();
  const record = useRecordSavings(reminderId);
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onRecord = async (body: RecordSavingsBody, amount: number) => {
    // The next term's fields are checked first; their messages show under them.
    if (!(await form.trigger())) return;
    // Only the answer's own fields count: a provider typed before choosing 'haggled' is not a switch.
    const values = form.getValues();
    if (switchNeedsProvider(choice, values.new_provider)) {
      form.setError('new_provider', { message: MESSAGES.providerRequired }, { shouldFocus: true });
      return;
    }
    const next = nextRenewalFormToInput({
      ...values,
      new_provider: choice === 'switched' || !reminder ? values.new_provider : reminder.provider,
      new_price: choice === 'renewed' ? '' : values.new_price,
      cancelled: choice === 'cancelled',
    });
    try {
      await record.mutateAsync({ ...body, ...next, renewal_date: term });
    } catch (error) {
      // Answered meanwhile (by someone else, or the term moved on): the answer there is shown instead.
      if (error instanceof ApiRequestError && error.status === 409) {
        toast.error('Not recorded', { description: error.message });
        await onAnsweredMeanwhile();
        return;
      }
      const message =
        error instanceof ApiRequestError ? error.fieldErrors?.next_renewal_date?.[0] : undefined;
      if (message) form.setError('next_renewal_date', { message });
      throw error;
    }
    setDone(true);
    toast.success('Thank you!', { description: thanks(body, amount, choice) });
    timer.current = setTimeout(() => navigate(ROUTES.dashboard.path), REDIRECT_MS);
  };

  return { onRecord, busy: record.isPending || done };
}

function SavingsOutcome({ reminderId }: { reminderId: string }) {
  const [searchParams] = useSearchParams();
  const [choice, setChoice] = useState<OutcomeChoice | null>(() =>
    choiceFromLink(searchParams.get('choice')),
  );
  const reminder = useReminder(reminderId);
  const household = useHouseholdMembers();
  const me = useMe();
  // The reader's own answer, shown first, opens the form again only when asked to.
  const [changing, setChanging] = useState(false);
  const nextForm = useForm({ resolver: zodResolver(nextRenewalFormSchema) });
  const loaded = reminder.data?.reminder;
  const newPrice = nextForm.watch('new_price') ?? '';
  const zone = me.data?.profile.timezone ?? UK_ZONE;
  const [pinned, setPinned] = usePinnedTerm(
    searchParams.get(SAVINGS_RENEWAL_PARAM),
    me.isPending ? undefined : reminder.data,
    zone,
  );
  const term = pinned ?? loaded?.renewal_date ?? '';
  const { onRecord, busy } = useRecordAnswer(reminderId, {
    form: nextForm,
    choice,
    reminder: loaded,
    term,
    onAnsweredMeanwhile: async () => {
      setChanging(false);
      await reminder.refetch();
    },
  });

  // Filled once the reminder is known (and again only if another reminder is shown).
  useEffect(() => {
    if (loaded) nextForm.reset(nextTermDefaults(loaded));
  }, [loaded?.id, loaded?.renewal_date]); // eslint-disable-line react-hooks/exhaustive-deps -- refill per renewal, not per refetch
  useReportLoadError(reminder.isError, reminder.error);

  // The cheapest quote taken: a switch when it is another provider, else a haggle; its price fills
  // the new price, so the saving suggested is the renewal price minus it. A haggle leaves 'New
  // provider' alone (onRecord sends the old one): 'I switched' chosen after it never shows the old one.
  const takeQuote = (quote: Quote) => {
    if (!loaded) return;
    const other = quote.provider.trim().toLowerCase() !== loaded.provider.trim().toLowerCase();
    setChoice(other ? 'switched' : 'haggled');
    if (other) nextForm.setValue('new_provider', quote.provider, { shouldDirty: true });
    nextForm.setValue('new_price', quote.price.toFixed(2), { shouldDirty: true });
  };

  let body;
  // A shared reminder's answers name their member, and the day they were given is the reader's.
  if (reminder.isPending || me.isPending || (loaded?.shared === true && household.isPending)) {
    body = <LoadingPanel label="Loading reminder" />;
  } else if (reminder.isError) {
    body = <LoadFailed onRetry={() => void reminder.refetch()} />;
  } else {
    const { reminder: r, history, quotes } = reminder.data;
    const archived = r.archived_at !== null;
    const existing = history.find((h) => h.term_to === term);
    const mine =
      existing !== undefined && (!existing.shared || existing.recorded_by === household.myMembershipId);
    const state = termState(r.renewal_date, term, existing, mine);
    const heading = <SavingsHeading reminder={r} provider={existing?.provider ?? r.provider} term={term} />;
    // A term is answered here once: the reader's own answer for the current term may be changed.
    const answering = state.kind === 'open' || (state.kind === 'replace' && changing);
    body =
      state.kind !== 'open' && !answering ? (
        <>
          {heading}
          <TermAnswered
            state={state}
            currentRenewal={r.renewal_date}
            reminderId={r.id}
            members={household.members}
            zone={zone}
            onChange={() => setChanging(true)}
            onAskCurrent={term === r.renewal_date || archived ? null : () => setPinned(r.renewal_date)}
          />
          <BackToDashboard className="btn btn-ghost btn-block savings-back" />
        </>
      ) : (
        <>
          {heading}
          <TermQuestion
            reminder={r}
            quotes={quotes}
            choice={choice}
            onChoose={setChoice}
            onUseQuote={takeQuote}
            form={nextForm}
            newPrice={newPrice}
            onRecord={onRecord}
            busy={busy}
          />
          <BackToDashboard className="btn btn-ghost btn-block savings-back" />
        </>
      );
  }

  return (
    <AppLayout narrow>
      <section className="card savings-card" aria-busy={reminder.isPending}>
        {body}
      </section>
    </AppLayout>
  );
}

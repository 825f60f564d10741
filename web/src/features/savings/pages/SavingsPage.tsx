import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { categoryLabel } from '#shared/categories.ts';
import { formatPounds, formatUkDate } from '#shared/dates.ts';
import { savingsAmountSchema } from '#shared/schemas.ts';
import { AppHeader } from '../components/AppHeader.tsx';
import { Field } from '../components/Field.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { ApiRequestError } from '../api/client.ts';
import { useRecordSavings, useReminder } from '../api/queries.ts';
import { useDocumentTitle } from '../lib/useDocumentTitle.ts';

/** Spec section 4: redirect to the dashboard two seconds after an outcome is recorded. */
const REDIRECT_MS = 2000;

const savingsFormSchema = z.object({ saved_amount: savingsAmountSchema });

function isNotFound(error: unknown): boolean {
  // 400 is an id that cannot exist (not a UUID); 404 is unknown or another user's reminder.
  return error instanceof ApiRequestError && (error.status === 404 || error.status === 400);
}

export default function SavingsPage() {
  useDocumentTitle('How did you do?');
  const { reminderId } = useParams();
  if (!reminderId) return <Navigate to="/dashboard" replace />;
  return <SavingsOutcome key={reminderId} reminderId={reminderId} />;
}

function SavingsOutcome({ reminderId }: { reminderId: string }) {
  const navigate = useNavigate();
  const reminder = useReminder(reminderId);
  const record = useRecordSavings(reminderId);
  const [done, setDone] = useState(false);
  const reported = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(savingsFormSchema), defaultValues: { saved_amount: '' } });

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!reminder.isError || reported.current) return;
    reported.current = true;
    if (isNotFound(reminder.error)) {
      toast.error('Reminder not found', { description: "The reminder you're looking for doesn't exist." });
      navigate('/dashboard', { replace: true });
    } else {
      toast.error('Error', { description: 'Failed to load reminder details' });
    }
  }, [reminder.isError, reminder.error, navigate]);

  const submit = async (body: { outcome: 'saved' | 'no_saving'; saved_amount?: string }, amount: number) => {
    try {
      await record.mutateAsync(body);
    } catch {
      toast.error('Error', { description: 'Failed to record your response' });
      return;
    }
    setDone(true);
    toast.success('Thank you!', {
      description:
        body.outcome === 'saved'
          ? `Great job saving ${formatPounds(amount)}!`
          : 'Thanks for letting us know you renewed.',
    });
    timer.current = setTimeout(() => navigate('/dashboard'), REDIRECT_MS);
  };

  const onSaved = handleSubmit(({ saved_amount }) =>
    submit({ outcome: 'saved', saved_amount: String(saved_amount) }, saved_amount),
  );
  const busy = isSubmitting || record.isPending || done;

  let body;
  if (reminder.isPending) {
    body = (
      <div className="panel-center">
        <Spinner label="Loading reminder" />
      </div>
    );
  } else if (reminder.isError) {
    body = (
      <>
        <h1 className="card-title">How did you do?</h1>
        <p role="alert">Failed to load reminder details</p>
        <div className="savings-actions">
          <button type="button" className="btn btn-outline" onClick={() => void reminder.refetch()}>
            Try again
          </button>
          <Link to="/dashboard" className="btn btn-ghost">
            Back to Dashboard
          </Link>
        </div>
      </>
    );
  } else {
    const r = reminder.data;
    body = (
      <>
        <h1 className="card-title">How did you do?</h1>
        <p className="savings-reminder">
          <strong>{r.title}</strong>
          <span className="muted small">
            {' '}
            · {categoryLabel(r.category)} · {r.provider} · renewed {formatUkDate(r.renewal_date)}
          </span>
        </p>
        <p className="muted">
          If you switched or haggled, tell us how much you saved. It adds to the total on your dashboard.
        </p>
        <form className="form" onSubmit={onSaved} noValidate>
          <Field
            label="Amount saved (£)"
            hint="Optional. Pounds and pence, for example 125.50."
            error={errors.saved_amount?.message}
          >
            {(props) => (
              <div className="input-prefix">
                <span aria-hidden="true">£</span>
                <input
                  {...props}
                  type="number"
                  step="0.01"
                  min="0"
                  inputMode="decimal"
                  placeholder="0.00"
                  {...register('saved_amount')}
                />
              </div>
            )}
          </Field>
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            Record Savings
          </button>
        </form>
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
        <Link to="/dashboard" className="btn btn-ghost btn-block savings-back">
          Back to Dashboard
        </Link>
      </>
    );
  }

  return (
    <div className="app-shell">
      <AppHeader />
      <main className="container page page-narrow" id="main">
        <section className="card savings-card" aria-busy={reminder.isPending}>
          {body}
        </section>
      </main>
    </div>
  );
}

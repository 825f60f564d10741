import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { categoryLabel } from '#shared/categories.ts';
import { daysLeft, formatPounds, formatUkDate } from '#shared/dates.ts';
import { ApiRequestError } from '../../../api/client.ts';
import { AppLayout } from '../../../app/AppLayout.tsx';
import { LoadingPanel } from '../../../components/Panels.tsx';
import { ROUTES } from '../../../config/routes.ts';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle.ts';
import { useReminder } from '../../reminders/api/get-reminder.ts';
import { useRecordSavings, type RecordSavingsBody } from '../api/record-savings.ts';
import { SavingsForm } from '../components/SavingsForm.tsx';
import './SavingsPage.css';

/** How long the thank-you shows before the dashboard. */
const REDIRECT_MS = 2000;
const TITLE = ROUTES.savings.title;

function isNotFound(error: unknown): boolean {
  // 400 is an id that cannot exist (not a UUID); 404 is unknown or another user's reminder.
  return error instanceof ApiRequestError && (error.status === 404 || error.status === 400);
}

/** /savings/:reminderId, linked from the e-mail after a renewal: how much did you save? */
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

function SavingsOutcome({ reminderId }: { reminderId: string }) {
  const navigate = useNavigate();
  const reminder = useReminder(reminderId);
  const record = useRecordSavings(reminderId);
  const [done, setDone] = useState(false);
  const reported = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!reminder.isError || reported.current) return;
    reported.current = true;
    if (isNotFound(reminder.error)) {
      toast.error('Reminder not found', { description: "The reminder you're looking for doesn't exist." });
      navigate(ROUTES.dashboard.path, { replace: true });
    } else {
      toast.error('Error', { description: 'Failed to load reminder details' });
    }
  }, [reminder.isError, reminder.error, navigate]);

  const onRecord = async (body: RecordSavingsBody, amount: number) => {
    await record.mutateAsync(body);
    setDone(true);
    toast.success('Thank you!', {
      description:
        body.outcome === 'saved'
          ? `Great job saving ${formatPounds(amount)}!`
          : 'Thanks for letting us know you renewed.',
    });
    timer.current = setTimeout(() => navigate(ROUTES.dashboard.path), REDIRECT_MS);
  };

  let body;
  if (reminder.isPending) {
    body = <LoadingPanel label="Loading reminder" />;
  } else if (reminder.isError) {
    body = (
      <>
        <h1 className="card-title">{TITLE}</h1>
        <p role="alert">Failed to load reminder details</p>
        <div className="savings-actions">
          <button type="button" className="btn btn-outline" onClick={() => void reminder.refetch()}>
            Try again
          </button>
          <BackToDashboard className="btn btn-ghost" />
        </div>
      </>
    );
  } else {
    const r = reminder.data.reminder;
    body = (
      <>
        <h1 className="card-title">{TITLE}</h1>
        <p className="savings-reminder">
          <strong>{r.title}</strong>
          <span className="muted small">
            {' '}
            · {categoryLabel(r.category)} · {r.provider} ·{' '}
            {daysLeft(r.renewal_date) < 0 ? 'renewed' : 'renews'} {formatUkDate(r.renewal_date)}
          </span>
        </p>
        <p className="muted">
          If you switched or haggled, tell us how much you saved. It adds to the total on your dashboard.
        </p>
        <SavingsForm onRecord={onRecord} busy={record.isPending || done} />
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

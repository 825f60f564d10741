import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DateTime } from 'luxon';
import { toast } from 'sonner';
import { UK_ZONE, formatUkDate, todayIn } from '#shared/dates.ts';
import { useRunCron, type RunCronResult } from '../../api/admin.ts';
import { Notice, errorMessage } from './ui.tsx';

type Tab = 'simulate' | 'real';
const TABS: { id: Tab; label: string }[] = [
  { id: 'simulate', label: 'Simulate' },
  { id: 'real', label: 'Real Function' },
];

/** ?date=YYYY-MM-DD when it is a real calendar date, else today in Europe/London. */
function initialDate(param: string | null): string {
  if (param && /^\d{4}-\d{2}-\d{2}$/.test(param) && DateTime.fromISO(param).isValid) return param;
  return todayIn(UK_ZONE);
}

function Results({ result, simulated }: { result: RunCronResult; simulated: boolean }) {
  const n = result.emailsSent ?? 0;
  const noun = n === 1 ? 'email' : 'emails';
  if (result.started) {
    return (
      <section className="card admin-run-result admin-run-ok" aria-labelledby="cron-result-title">
        <h2 id="cron-result-title" className="admin-section-title">
          Success
        </h2>
        <p>{result.message ?? 'The daily job is running.'}</p>
        <p className="admin-result-links">
          <Link to="/admin/cron-log">View the Cron Logs</Link>
        </p>
      </section>
    );
  }
  return (
    <section
      className={`card admin-run-result ${result.success ? 'admin-run-ok' : 'admin-run-failed'}`}
      aria-labelledby="cron-result-title"
    >
      <h2 id="cron-result-title" className="admin-section-title">
        {result.success ? 'Success' : 'Failed'}
      </h2>
      <p>
        {simulated ? `${n} ${noun} simulated` : `${n} ${noun} sent`} for {formatUkDate(result.processedDate)}
        {simulated ? ' (nothing was sent; see the Email Sandbox).' : '.'}
      </p>
      {(result.run?.skipped ?? 0) > 0 && (
        <p className="muted small">{result.run?.skipped} skipped (unsubscribed).</p>
      )}
      {result.errors.length > 0 && (
        <>
          <h3>Errors</h3>
          <ul className="admin-error-list">
            {result.errors.map((e, i) => (
              <li key={i} className="admin-error-text">
                {e}
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="admin-result-links">
        {simulated && <Link to="/admin/email-sandbox">Open the Email Sandbox</Link>}
        <Link to="/admin/cron-log">View the Cron Logs</Link>
      </p>
    </section>
  );
}

/** /admin/run-cron: simulate the daily job for a date, or run the real job now. */
export function RunCronScreen() {
  const [params] = useSearchParams();
  const [tab, setTab] = useState<Tab>('simulate');
  const [date, setDate] = useState(() => initialDate(params.get('date')));
  const [last, setLast] = useState<{ result: RunCronResult; simulated: boolean } | null>(null);
  const runCron = useRunCron();
  const baseId = useId();
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ simulate: null, real: null });
  const today = todayIn(UK_ZONE);

  const select = (next: Tab) => {
    setTab(next);
    tabRefs.current[next]?.focus();
  };
  const onTabKey = (event: KeyboardEvent) => {
    const index = TABS.findIndex((t) => t.id === tab);
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % TABS.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + TABS.length) % TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = TABS.length - 1;
    if (next === null) return;
    event.preventDefault();
    select(TABS[next]!.id);
  };

  const run = (simulated: boolean) => {
    const title = simulated ? 'Cron Job Failed' : 'Edge Function Failed';
    runCron.mutate(simulated ? { simulate: true, date } : { simulate: false }, {
      onSuccess: (result) => {
        setLast({ result, simulated });
        if (!result.success) toast.error(title, { description: result.errors[0] });
      },
      onError: (error) => {
        setLast(null);
        toast.error(title, { description: errorMessage(error) });
      },
    });
  };

  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(date);

  return (
    <div className="admin-stack">
      <div className="card">
        <div role="tablist" aria-label="Run mode" className="tabs admin-tabs" onKeyDown={onTabKey}>
          {TABS.map((t) => (
            <button
              key={t.id}
              ref={(el) => {
                tabRefs.current[t.id] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls={`${baseId}-panel-${t.id}`}
              tabIndex={tab === t.id ? 0 : -1}
              className="tab"
              onClick={() => setTab(t.id)}
            >
              {t.label}
            </button>
          ))}
        </div>

        <div
          role="tabpanel"
          id={`${baseId}-panel-simulate`}
          aria-labelledby={`${baseId}-tab-simulate`}
          hidden={tab !== 'simulate'}
        >
          <p className="muted">
            Works out what the daily job would send at 08:00 (Europe/London) on the chosen date and writes it
            to the Email Sandbox. No e-mail is sent.
          </p>
          <form
            className="admin-inline-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (validDate) run(true);
            }}
          >
            <div className="field">
              <label htmlFor={`${baseId}-date`}>Simulation date</label>
              <input
                id={`${baseId}-date`}
                type="date"
                value={date}
                required
                onChange={(event) => setDate(event.target.value)}
              />
            </div>
            <button type="submit" className="btn btn-primary" disabled={runCron.isPending || !validDate}>
              {runCron.isPending && runCron.variables?.simulate ? 'Running…' : 'Run Simulation'}
            </button>
          </form>
        </div>

        <div
          role="tabpanel"
          id={`${baseId}-panel-real`}
          aria-labelledby={`${baseId}-tab-real`}
          hidden={tab !== 'real'}
        >
          <Notice tone="destructive" title="This runs the real daily reminder job now">
            <p>
              It sends real e-mails to every user with a reminder due today. Each e-mail goes at most once.
            </p>
          </Notice>
          <dl className="admin-config">
            <div className="admin-config-row">
              <dt>Date</dt>
              <dd>{formatUkDate(today)}</dd>
            </div>
            <div className="admin-config-row">
              <dt>Timezone</dt>
              <dd>Europe/London</dd>
            </div>
          </dl>
          <div className="admin-actions">
            <button
              type="button"
              className="btn btn-destructive"
              disabled={runCron.isPending}
              onClick={() => run(false)}
            >
              {runCron.isPending && runCron.variables?.simulate === false ? 'Running…' : 'Run Real Function'}
            </button>
            <Link to="/admin/cron-log" className="btn btn-outline">
              View function logs
            </Link>
          </div>
          <p className="muted small">
            Each run is recorded in the Cron Logs. On AWS the job&apos;s own log group (CloudWatch) holds its
            detailed logs; the local stack has no function logs beyond the Cron Logs.
          </p>
        </div>
      </div>

      <div aria-live="polite">{last && <Results result={last.result} simulated={last.simulated} />}</div>
    </div>
  );
}

import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DateTime } from 'luxon';
import { toast } from 'sonner';
import { UK_ZONE, formatUkDate, todayIn } from '#shared/dates.ts';
import { useForm } from 'react-hook-form';
import { Field } from '../../../components/form/Field.tsx';
import { Form, SubmitButton } from '../../../components/form/Form.tsx';
import { reportSubmitError } from '../../../components/form/submit-error.ts';
import { Tabs } from '../../../components/Tabs.tsx';
import { ADMIN_SCREENS } from '../../../config/routes.ts';
import { useRunCron, type RunCronBody, type RunCronResult } from '../api/run-cron.ts';
import { ConfigList, Notice } from '../components/blocks.tsx';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const { cronLog, emailSandbox } = ADMIN_SCREENS;

/** ?date=YYYY-MM-DD when it is a real calendar date, else today in Europe/London. */
function initialDate(param: string | null): string {
  if (param && ISO_DATE.test(param) && DateTime.fromISO(param).isValid) return param;
  return todayIn(UK_ZONE);
}

const plural = (n: number) => `${n} ${n === 1 ? 'email' : 'emails'}`;

type Mode = 'simulate' | 'real';

function Results({ result, mode }: { result: RunCronResult; mode: Mode }) {
  const simulated = mode === 'simulate';
  const n = (simulated ? result.emailsSent : result.emailsQueued) ?? 0;
  const ok = result.started || result.success;
  const titleId = `cron-result-title-${mode}`;
  return (
    <section
      className={`card admin-run-result ${ok ? 'admin-run-ok' : 'admin-run-failed'}`}
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className="admin-section-title">
        {ok ? 'Success' : 'Failed'}
      </h2>
      {result.started ? (
        <p>{result.message ?? 'The reminder job is running.'}</p>
      ) : (
        <>
          <p>
            {simulated ? `${plural(n)} simulated` : `${plural(n)} queued`} for{' '}
            {formatUkDate(result.processedDate)}
            {simulated
              ? ' (nothing was sent; see the Email Sandbox).'
              : '. The senders mail them now; the Cron Logs show how many went.'}
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
        </>
      )}
      <p className="admin-result-links">
        {simulated && !result.started && <Link to={emailSandbox.path}>Open the Email Sandbox</Link>}
        <Link to={cronLog.path}>View the Cron Logs</Link>
      </p>
    </section>
  );
}

/** /admin/run-cron: simulate the reminder job for a date, or run the real job now. */
export function RunCronScreen() {
  const [params] = useSearchParams();
  const form = useForm({ defaultValues: { date: initialDate(params.get('date')) } });
  // Each tab keeps and shows its own last result: a simulation never reads as a real run.
  const [results, setResults] = useState<Partial<Record<Mode, RunCronResult>>>({});
  const runCron = useRunCron();
  const validDate = ISO_DATE.test(form.watch('date'));

  /** Runs the job; a run that fails, or cannot start, is reported in a toast under `title`. */
  const run = async (body: RunCronBody, title: string) => {
    const mode: Mode = body.simulate ? 'simulate' : 'real';
    const show = (result?: RunCronResult) => setResults((current) => ({ ...current, [mode]: result }));
    try {
      const result = await runCron.mutateAsync(body);
      show(result);
      if (!result.success) toast.error(title, { description: result.errors[0] });
    } catch (error) {
      show(undefined);
      reportSubmitError(form, error, title);
    }
  };
  const resultOf = (mode: Mode) => {
    const result = results[mode];
    return <div aria-live="polite">{result && <Results result={result} mode={mode} />}</div>;
  };

  const simulate = (
    <>
      <p className="muted">
        Works out what the reminder job would send at 08:00 on the chosen date in each owner&apos;s own time
        zone and writes it to the Email Sandbox. No e-mail is sent.
      </p>
      <Form
        form={form}
        onSubmit={({ date }) => (validDate ? run({ simulate: true, date }, 'Cron Job Failed') : undefined)}
        className="admin-inline-form"
      >
        <Field name="date" label="Simulation date" type="date" required />
        <SubmitButton disabled={runCron.isPending || !validDate} pendingLabel="Running…">
          Run Simulation
        </SubmitButton>
      </Form>
      {resultOf('simulate')}
    </>
  );

  const real = (
    <>
      <Notice tone="destructive" title="This runs the real reminder job now">
        <p>It sends real e-mails to every user with a reminder due today. Each e-mail goes at most once.</p>
      </Notice>
      <ConfigList
        items={[
          { label: 'Date', value: formatUkDate(todayIn(UK_ZONE)) },
          { label: 'Timezone', value: 'Europe/London' },
        ]}
      />
      <div className="admin-actions">
        <button
          type="button"
          className="btn btn-destructive"
          disabled={runCron.isPending}
          onClick={() => void run({ simulate: false }, 'Edge Function Failed')}
        >
          {runCron.isPending && runCron.variables?.simulate === false ? 'Running…' : 'Run Real Function'}
        </button>
        <Link to={cronLog.path} className="btn btn-outline">
          View function logs
        </Link>
      </div>
      <p className="muted small">
        Each run is recorded in the Cron Logs. On AWS the job&apos;s own log group (CloudWatch) holds its
        detailed logs; the local stack has no function logs beyond the Cron Logs.
      </p>
      {resultOf('real')}
    </>
  );

  return (
    <div className="admin-stack">
      <div className="card">
        <Tabs
          label="Run mode"
          className="admin-tabs"
          defaultValue="simulate"
          tabs={[
            { value: 'simulate', label: 'Simulate', content: simulate },
            { value: 'real', label: 'Real Function', content: real },
          ]}
        />
      </div>
    </div>
  );
}

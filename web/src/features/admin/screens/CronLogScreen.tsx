import type { CronRun } from '#shared/api.ts';
import { Badge } from '../../../components/Badge.tsx';
import type { Column } from '../../../components/DataTable.tsx';
import { useCronRuns } from '../api/get-cron-runs.ts';
import { Badges, SimulatedBadge } from '../components/badges.tsx';
import { QueryTable } from '../components/QueryTable.tsx';
import { formatRunTime } from '../format.ts';

const RUNS = 14;
const MAX_ERROR_CHARS = 50;
const SHOWN_ERRORS = 2;

/** A run's errors as shown: the first 2, each cut to 50 characters, then how many more there are. */
export function summariseErrors(errors: readonly string[]): { shown: string[]; more: number } {
  return {
    shown: errors
      .slice(0, SHOWN_ERRORS)
      .map((e) => (e.length > MAX_ERROR_CHARS ? `${e.slice(0, MAX_ERROR_CHARS)}…` : e)),
    more: Math.max(0, errors.length - SHOWN_ERRORS),
  };
}

/**
 * Success when the run finished with no errors, failed with their count; running while its senders
 * are still at it, interrupted when it stopped before finishing (see shared/runs.ts).
 */
function RunStatus({ run }: { run: CronRun }) {
  if (run.status === 'interrupted') return <Badge variant="destructive">Interrupted</Badge>;
  if (run.status === 'running') return <Badge variant="secondary">Running</Badge>;
  if (run.errors.length === 0) return <Badge variant="success">Success</Badge>;
  const n = run.errors.length;
  return <Badge variant="destructive">{`Failed (${n} ${n === 1 ? 'error' : 'errors'})`}</Badge>;
}

function RunErrors({ errors }: { errors: readonly string[] }) {
  if (errors.length === 0) return <span className="muted">None</span>;
  const { shown, more } = summariseErrors(errors);
  return (
    <ul className="admin-error-list">
      {shown.map((e, i) => (
        <li key={i} title={errors[i]} className="admin-error-text">
          {e}
        </li>
      ))}
      {more > 0 && <li className="muted">+{more} more errors</li>}
    </ul>
  );
}

const TRIGGERS: Record<CronRun['trigger'], string> = {
  schedule: 'Schedule',
  manual: 'Manual',
  cli: 'CLI',
  'local-timer': 'Local timer',
};

const COLUMNS: Column<CronRun>[] = [
  {
    header: 'Status',
    cell: (run) => (
      <Badges>
        <RunStatus run={run} />
        {run.simulated && <SimulatedBadge />}
      </Badges>
    ),
  },
  { header: 'Run Time', className: 'nowrap', cell: (run) => formatRunTime(run.ran_at) },
  { header: 'For Date', className: 'nowrap', cell: (run) => run.date },
  { header: 'Trigger', cell: (run) => TRIGGERS[run.trigger] ?? run.trigger },
  { header: 'Items Processed', className: 'num', cell: (run) => run.items_processed },
  { header: 'Queued', className: 'num', cell: (run) => run.queued },
  // What the catch-up did: sent after their day, older leads covered by a later one, never sent.
  { header: 'Late', className: 'num', cell: (run) => run.late },
  { header: 'Superseded', className: 'num', cell: (run) => run.superseded },
  { header: 'Missed', className: 'num', cell: (run) => run.missed },
  { header: 'Rolled', className: 'num', cell: (run) => run.rolled },
  { header: 'Errors', className: 'admin-wrap', cell: (run) => <RunErrors errors={run.errors} /> },
  { header: 'Duration', className: 'num nowrap', cell: (run) => `${(run.duration_ms / 1000).toFixed(2)}s` },
];

/** /admin/cron-log: the last 14 runs of the reminder job, real and simulated. */
export function CronLogScreen() {
  const runs = useCronRuns(RUNS);
  return (
    <div className="admin-stack">
      <p className="muted">The last {RUNS} runs of the reminder job. Times are UK time (Europe/London).</p>
      <QueryTable
        query={runs}
        what={{ loading: 'Loading cron runs', error: 'Cron runs could not be loaded.' }}
        empty="No cron runs yet. Run the cron job to see it here."
        caption={`The last ${RUNS} cron runs`}
        columns={COLUMNS}
      />
    </div>
  );
}

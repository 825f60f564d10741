import type { CronRun } from '#shared/api.ts';
import { useCronRuns } from '../../api/admin.ts';
import {
  Badge,
  DataTable,
  EmptyPanel,
  ErrorPanel,
  LoadingPanel,
  SimulatedBadge,
  formatRunTime,
} from './ui.tsx';

const MAX_ERROR_CHARS = 50;
const SHOWN_ERRORS = 2;

/** Spec: the first 2 errors truncated to 50 characters, then '+N more errors'. */
export function summariseErrors(errors: readonly string[]): { shown: string[]; more: number } {
  return {
    shown: errors
      .slice(0, SHOWN_ERRORS)
      .map((e) => (e.length > MAX_ERROR_CHARS ? `${e.slice(0, MAX_ERROR_CHARS)}…` : e)),
    more: Math.max(0, errors.length - SHOWN_ERRORS),
  };
}

function RunStatus({ run }: { run: CronRun }) {
  // Spec section 4: success when the error list is empty, else failed with an error count.
  if (run.errors.length === 0) return <Badge variant="success">Success</Badge>;
  const n = run.errors.length;
  return <Badge variant="destructive">{`Failed (${n} ${n === 1 ? 'error' : 'errors'})`}</Badge>;
}

const TRIGGERS: Record<CronRun['trigger'], string> = {
  schedule: 'Schedule',
  manual: 'Manual',
  cli: 'CLI',
  'local-timer': 'Local timer',
};

/** /admin/cron-log: the last 14 runs of the daily job, real and simulated. */
export function CronLogScreen() {
  const runs = useCronRuns(14);
  return (
    <div className="admin-stack">
      <p className="muted">The last 14 runs of the daily reminder job. Times are UK time (Europe/London).</p>
      {runs.isPending ? (
        <LoadingPanel label="Loading cron runs" />
      ) : runs.isError ? (
        <ErrorPanel message="Cron runs could not be loaded." onRetry={() => void runs.refetch()} />
      ) : runs.data.length === 0 ? (
        <EmptyPanel>No cron runs yet. Run the cron job to see it here.</EmptyPanel>
      ) : (
        <DataTable
          caption="The last 14 cron runs"
          headers={['Status', 'Run Time', 'For Date', 'Trigger', 'Items Processed', 'Errors', 'Duration']}
        >
          {runs.data.map((run) => {
            const { shown, more } = summariseErrors(run.errors);
            return (
              <tr key={run.id}>
                <td>
                  <span className="admin-badges">
                    <RunStatus run={run} />
                    {run.simulated && <SimulatedBadge />}
                  </span>
                </td>
                <td className="nowrap">{formatRunTime(run.ran_at)}</td>
                <td className="nowrap">{run.date}</td>
                <td>{TRIGGERS[run.trigger] ?? run.trigger}</td>
                <td className="num">{run.items_processed}</td>
                <td className="admin-wrap">
                  {run.errors.length === 0 ? (
                    <span className="muted">None</span>
                  ) : (
                    <ul className="admin-error-list">
                      {shown.map((e, i) => (
                        <li key={i} title={run.errors[i]} className="admin-error-text">
                          {e}
                        </li>
                      ))}
                      {more > 0 && <li className="muted">+{more} more errors</li>}
                    </ul>
                  )}
                </td>
                <td className="num nowrap">{(run.duration_ms / 1000).toFixed(2)}s</td>
              </tr>
            );
          })}
        </DataTable>
      )}
    </div>
  );
}

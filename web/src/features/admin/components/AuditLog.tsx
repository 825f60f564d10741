import type { AuditEntry } from '#shared/api.ts';
import { useAuditLog } from '../../api/admin.ts';
import { DataTable, EmptyPanel, ErrorPanel, LoadingPanel, ShortId, formatDateTime } from './ui.tsx';

const ACTIONS: Record<AuditEntry['action'], string> = {
  run_cron: 'Run cron (real)',
  simulate_cron: 'Simulate cron',
  test_email: 'Test email',
  system_test: 'System test',
};

/** The admin audit log (admins only, server-enforced): every action that changes or sends anything. */
export function AuditLog({ limit = 50 }: { limit?: number }) {
  const audit = useAuditLog(limit);
  return (
    <section aria-labelledby="audit-log-title" className="admin-stack-tight">
      <h2 id="audit-log-title" className="admin-section-title">
        Audit Log
      </h2>
      <p className="muted small">The latest {limit} admin actions that changed or sent anything.</p>
      {audit.isPending ? (
        <LoadingPanel label="Loading audit log" />
      ) : audit.isError ? (
        <ErrorPanel message="The audit log could not be loaded." onRetry={() => void audit.refetch()} />
      ) : audit.data.length === 0 ? (
        <EmptyPanel>No admin actions recorded yet.</EmptyPanel>
      ) : (
        <DataTable caption="Audit log entries" headers={['When', 'Admin', 'Action', 'Detail']}>
          {audit.data.map((entry) => (
            <tr key={entry.id}>
              <td className="nowrap">{formatDateTime(entry.at)}</td>
              <td className="admin-wrap">
                {entry.actor_email ?? <ShortId id={entry.actor_id} label="Admin" />}
              </td>
              <td className="nowrap">{ACTIONS[entry.action] ?? entry.action}</td>
              <td className="admin-wrap">{entry.detail}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

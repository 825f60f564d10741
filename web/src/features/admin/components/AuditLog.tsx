import type { AuditEntry } from '#shared/admin.ts';
import type { Column } from '../../../components/DataTable.tsx';
import { useAuditLog } from '../api/get-audit-log.ts';
import { formatDateTime } from '../format.ts';
import { ShortId } from './badges.tsx';
import { QueryTable } from './QueryTable.tsx';

const ACTIONS: Record<AuditEntry['action'], string> = {
  run_cron: 'Run cron (real)',
  simulate_cron: 'Simulate cron',
  test_email: 'Test email',
  system_test: 'System test',
};

const COLUMNS: Column<AuditEntry>[] = [
  { header: 'When', className: 'nowrap', cell: (e) => formatDateTime(e.at) },
  {
    header: 'Admin',
    className: 'admin-wrap',
    cell: (e) => e.actor_email ?? <ShortId id={e.actor_id} label="Admin" />,
  },
  { header: 'Action', className: 'nowrap', cell: (e) => ACTIONS[e.action] ?? e.action },
  { header: 'Detail', className: 'admin-wrap', cell: (e) => e.detail },
];

/** The admin audit log (admins only, server-enforced): every action that changes or sends anything. */
export function AuditLog({ limit = 50 }: { limit?: number }) {
  const audit = useAuditLog(limit);
  return (
    <section aria-labelledby="audit-log-title" className="admin-stack-tight">
      <h2 id="audit-log-title" className="admin-section-title">
        Audit Log
      </h2>
      <p className="muted small">The latest {limit} admin actions that changed or sent anything.</p>
      <QueryTable
        query={audit}
        what={{ loading: 'Loading audit log', error: 'The audit log could not be loaded.' }}
        empty="No admin actions recorded yet."
        caption="Audit log entries"
        columns={COLUMNS}
      />
    </section>
  );
}

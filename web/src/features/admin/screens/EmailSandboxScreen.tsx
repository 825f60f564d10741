import { useEmailLogs } from '../../api/admin.ts';
import {
  DataTable,
  DaysBeforeBadge,
  EmailTypeBadge,
  EmptyPanel,
  ErrorPanel,
  LoadingPanel,
  ShortId,
  SimulatedBadge,
  formatDateTime,
} from './ui.tsx';

/** /admin/email-sandbox: the last 50 e-mail log rows, simulated ones marked. */
export function EmailSandboxScreen() {
  const logs = useEmailLogs(50);
  return (
    <div className="admin-stack">
      <p className="muted">
        The last 50 e-mails logged, real and simulated. A simulation (Run Cron, Simulate) writes rows here and
        sends nothing.
      </p>
      {logs.isPending ? (
        <LoadingPanel label="Loading email logs" />
      ) : logs.isError ? (
        <ErrorPanel message="Email logs could not be loaded." onRetry={() => void logs.refetch()} />
      ) : logs.data.length === 0 ? (
        <EmptyPanel>No email logs found. Run the cron job to generate test emails.</EmptyPanel>
      ) : (
        <DataTable
          caption="The last 50 email log rows"
          headers={['Sent At', 'Type', 'Days Before', 'User', 'Reminder', 'Mode']}
        >
          {logs.data.map((log) => (
            <tr key={log.id}>
              <td className="nowrap">{formatDateTime(log.sent_at)}</td>
              <td>
                <EmailTypeBadge type={log.email_type} />
              </td>
              <td>
                <DaysBeforeBadge days={log.days_before} />
              </td>
              <td>
                <ShortId id={log.user_id} label="User" />
              </td>
              <td>
                <ShortId id={log.reminder_id} label="Reminder" />
              </td>
              <td>{log.simulated ? <SimulatedBadge /> : <span className="muted">Sent</span>}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}

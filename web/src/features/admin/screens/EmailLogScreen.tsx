import { useEmailSends } from '../../api/admin.ts';
import {
  DataTable,
  EmailTypeBadge,
  EmptyPanel,
  ErrorPanel,
  LoadingPanel,
  SendStatusBadge,
  ShortId,
  SimulatedBadge,
  formatDateTime,
} from './ui.tsx';

/** /admin/email-log: the last 100 sends, newest first. */
export function EmailLogScreen() {
  const sends = useEmailSends(100);
  return (
    <div className="admin-stack">
      <p className="muted">The last 100 e-mail sends, newest first.</p>
      {sends.isPending ? (
        <LoadingPanel label="Loading email sends" />
      ) : sends.isError ? (
        <ErrorPanel message="Email sends could not be loaded." onRetry={() => void sends.refetch()} />
      ) : sends.data.length === 0 ? (
        <EmptyPanel>No emails have been sent yet.</EmptyPanel>
      ) : (
        <DataTable
          caption="The last 100 email sends"
          headers={['Status', 'Subject', 'Sent At', 'To', 'Type', 'User', 'Reminder', 'Error']}
        >
          {sends.data.map((s) => (
            <tr key={s.id}>
              <td>
                <SendStatusBadge status={s.status} />
              </td>
              <td className="admin-wrap">{s.subject}</td>
              <td className="nowrap">{formatDateTime(s.sent_at ?? s.created_at)}</td>
              <td className="admin-wrap">{s.to_email}</td>
              <td>
                <span className="admin-badges">
                  <EmailTypeBadge type={s.email_type} />
                  {s.simulated && <SimulatedBadge />}
                </span>
              </td>
              <td>
                <ShortId id={s.user_id} label="User" />
              </td>
              <td>
                <ShortId id={s.reminder_id} label="Reminder" />
              </td>
              <td className="admin-wrap admin-error-text">{s.error_message ?? ''}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}

import { EMAIL_LOG_COLUMNS, SendsView } from '../components/sends.tsx';

/** /admin/email-log: the last 100 sends, newest first. */
export function EmailLogScreen() {
  return (
    <div className="admin-stack">
      <p className="muted">The last 100 e-mail sends, newest first.</p>
      <SendsView limit={100} caption="The last 100 email sends" columns={EMAIL_LOG_COLUMNS} />
    </div>
  );
}

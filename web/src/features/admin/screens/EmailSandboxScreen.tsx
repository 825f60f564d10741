import { useEmailLogs } from '../api/get-email-logs.ts';
import { QueryTable } from '../components/QueryTable.tsx';
import { EMAIL_SANDBOX_COLUMNS } from '../components/sends.tsx';

const ROWS = 50;

/** /admin/email-sandbox: the last 50 e-mail log rows, simulated ones marked. */
export function EmailSandboxScreen() {
  const logs = useEmailLogs(ROWS);
  return (
    <div className="admin-stack">
      <p className="muted">
        The last {ROWS} e-mails logged, real and simulated. A simulation (Run Cron, Simulate) writes rows here
        and sends nothing.
      </p>
      <QueryTable
        query={logs}
        what={{ loading: 'Loading email logs', error: 'Email logs could not be loaded.' }}
        empty="No email logs found. Run the cron job to generate test emails."
        caption={`The last ${ROWS} email log rows`}
        columns={EMAIL_SANDBOX_COLUMNS}
      />
    </div>
  );
}

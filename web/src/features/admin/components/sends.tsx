import type { EmailLog, EmailSend } from '#shared/api.ts';
import type { Column } from '../../../components/DataTable.tsx';
import { useEmailSends, type EmailSendsLimit } from '../api/get-email-sends.ts';
import {
  Badges,
  DaysBeforeBadge,
  EmailTypeBadge,
  SendStatusBadge,
  ShortId,
  SimulatedBadge,
} from './badges.tsx';
import { formatDateTime } from '../format.ts';
import { QueryTable } from './QueryTable.tsx';

/** The columns the e-mail tables share, by header. */
type Row = EmailSend | EmailLog;
const user: Column<Row> = { header: 'User', cell: (r) => <ShortId id={r.user_id} label="User" /> };
const reminder: Column<Row> = {
  header: 'Reminder',
  cell: (r) => <ShortId id={r.reminder_id} label="Reminder" />,
};

const sentAt = (s: EmailSend) => formatDateTime(s.sent_at ?? s.created_at);
const status: Column<EmailSend> = { header: 'Status', cell: (s) => <SendStatusBadge status={s.status} /> };
const to: Column<EmailSend> = { header: 'To', className: 'admin-wrap', cell: (s) => s.to_email };
const error: Column<EmailSend> = {
  header: 'Error',
  className: 'admin-wrap admin-error-text',
  cell: (s) => s.error_message ?? '',
};

/** /admin/email-log: every detail of a send. */
export const EMAIL_LOG_COLUMNS: Column<EmailSend>[] = [
  status,
  { header: 'Subject', className: 'admin-wrap', cell: (s) => s.subject },
  { header: 'Sent At', className: 'nowrap', cell: sentAt },
  to,
  {
    header: 'Type',
    cell: (s) => (
      <Badges>
        <EmailTypeBadge type={s.email_type} />
        {s.simulated && <SimulatedBadge />}
      </Badges>
    ),
  },
  user,
  reminder,
  error,
];

/** The self check's recent sends: when, to whom, what, and how it went. */
export const RECENT_SEND_COLUMNS: Column<EmailSend>[] = [
  { header: 'Timestamp', className: 'nowrap', cell: sentAt },
  to,
  {
    header: 'Subject',
    className: 'admin-wrap',
    cell: (s) => (
      <>
        {s.subject}
        {s.simulated && <span className="admin-inline-badge badge badge-outline">Simulated</span>}
      </>
    ),
  },
  status,
  error,
];

/** /admin/email-sandbox: the e-mail log rows, simulated ones marked. */
export const EMAIL_SANDBOX_COLUMNS: Column<EmailLog>[] = [
  { header: 'Sent At', className: 'nowrap', cell: (log) => formatDateTime(log.sent_at) },
  { header: 'Type', cell: (log) => <EmailTypeBadge type={log.email_type} /> },
  { header: 'Days Before', cell: (log) => <DaysBeforeBadge days={log.days_before} /> },
  user,
  reminder,
  {
    header: 'Mode',
    cell: (log) => (log.simulated ? <SimulatedBadge /> : <span className="muted">Sent</span>),
  },
];

/** The latest `limit` sends in a table, with their loading, error and empty states. */
export function SendsView({
  limit,
  caption,
  columns,
}: {
  limit: EmailSendsLimit;
  caption: string;
  columns: readonly Column<EmailSend>[];
}) {
  return (
    <QueryTable
      query={useEmailSends(limit)}
      what={{ loading: 'Loading email sends', error: 'Email sends could not be loaded.' }}
      empty="No emails have been sent yet."
      caption={caption}
      columns={columns}
    />
  );
}

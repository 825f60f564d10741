import type { CheckResult, EmailSend } from '#shared/api.ts';
import { useAdminConfig, useEmailSends, useHandshake, useHealthChecks } from '../../api/admin.ts';
import { Spinner } from '../../components/Spinner.tsx';
import {
  CheckBadge,
  ConfigList,
  DataTable,
  EmptyPanel,
  ErrorPanel,
  LoadingPanel,
  SendStatusBadge,
  formatDateTime,
} from './ui.tsx';

/** Spec section 8: 'FAIL: {message}' or 'SMTP handshake failed' when the request itself fails. */
export function handshakeFailureText(error: unknown): string {
  return error instanceof Error && error.message ? `FAIL: ${error.message}` : 'SMTP handshake failed';
}

function ConfigSection() {
  const config = useAdminConfig();
  return (
    <section className="card" aria-labelledby="self-config">
      <h2 id="self-config" className="admin-section-title">
        Configuration
      </h2>
      <p className="muted small">Read-only: set per stage at deploy time.</p>
      {config.isPending ? (
        <LoadingPanel label="Loading configuration" />
      ) : config.isError ? (
        <ErrorPanel message="The configuration could not be loaded." onRetry={() => void config.refetch()} />
      ) : (
        <ConfigList
          items={[
            { label: 'Email provider', value: config.data.email_provider },
            { label: 'Sender (from address)', value: config.data.email_from },
            { label: 'Region', value: config.data.region },
            { label: 'Site URL', value: config.data.site_url },
            { label: 'API URL', value: config.data.api_url },
            { label: 'Table', value: config.data.table_name },
            { label: 'Stage', value: config.data.stage },
            { label: 'Configuration set', value: config.data.configuration_set ?? '—' },
          ]}
        />
      )}
    </section>
  );
}

function HandshakeSection() {
  const handshake = useHandshake();
  const text = handshake.isError
    ? handshakeFailureText(handshake.error)
    : handshake.data
      ? handshake.data.message
      : null;
  const ok = handshake.data?.ok === true && !handshake.isError;
  return (
    <section className="card" aria-labelledby="self-handshake">
      <h2 id="self-handshake" className="admin-section-title">
        Email handshake
      </h2>
      <p className="muted small">
        Asks SES whether sending is enabled, the send quota, and whether the sender identity is verified.
      </p>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => handshake.mutate()}
        disabled={handshake.isPending}
      >
        {handshake.isPending ? 'Running…' : 'Run handshake'}
      </button>
      <div aria-live="polite" className="admin-result-slot">
        {text && (
          <p className={`admin-handshake ${ok ? 'admin-pass' : 'admin-fail'}`} data-testid="handshake-result">
            {text}
          </p>
        )}
        {handshake.data && !handshake.isError && (
          <ConfigList
            items={[
              { label: 'Sending enabled', value: String(handshake.data.sending_enabled ?? '—') },
              { label: 'Max send rate', value: `${handshake.data.max_send_rate ?? '—'} per second` },
              { label: 'Max 24-hour send', value: String(handshake.data.max_24_hour_send ?? '—') },
              { label: 'Sent last 24 hours', value: String(handshake.data.sent_last_24_hours ?? '—') },
              { label: 'Identity', value: handshake.data.identity ?? '—' },
              { label: 'Identity verified', value: String(handshake.data.identity_verified ?? '—') },
            ]}
          />
        )}
      </div>
    </section>
  );
}

export function SendsTable({ sends, caption }: { sends: EmailSend[]; caption: string }) {
  return (
    <DataTable caption={caption} headers={['Timestamp', 'To', 'Subject', 'Status', 'Error']}>
      {sends.map((s) => (
        <tr key={s.id}>
          <td className="nowrap">{formatDateTime(s.sent_at ?? s.created_at)}</td>
          <td className="admin-wrap">{s.to_email}</td>
          <td className="admin-wrap">
            {s.subject}
            {s.simulated && <span className="admin-inline-badge badge badge-outline">Simulated</span>}
          </td>
          <td>
            <SendStatusBadge status={s.status} />
          </td>
          <td className="admin-wrap admin-error-text">{s.error_message ?? ''}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function RecentSendsSection() {
  const sends = useEmailSends(10);
  return (
    <section aria-labelledby="self-sends">
      <h2 id="self-sends" className="admin-section-title">
        Recent email sends
      </h2>
      {sends.isPending ? (
        <LoadingPanel label="Loading email sends" />
      ) : sends.isError ? (
        <ErrorPanel message="Email sends could not be loaded." onRetry={() => void sends.refetch()} />
      ) : sends.data.length === 0 ? (
        <EmptyPanel>No emails have been sent yet.</EmptyPanel>
      ) : (
        <SendsTable sends={sends.data} caption="The 10 most recent email sends" />
      )}
    </section>
  );
}

export function CheckList({ checks }: { checks: readonly CheckResult[] }) {
  return (
    <ul className="admin-check-list">
      {checks.map((c) => (
        <li key={`${c.category}/${c.name}`} className="admin-check">
          <CheckBadge status={c.status} />
          <div>
            <p className="admin-check-name">{c.name}</p>
            <p className="admin-check-detail">{c.detail}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function HealthSection() {
  const health = useHealthChecks();
  return (
    <section className="card" aria-labelledby="self-health">
      <h2 id="self-health" className="admin-section-title">
        Health checks
      </h2>
      <p className="muted small">
        Database, Cognito, SES, the last daily run (within 25 hours), the scheduler.
      </p>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => health.mutate()}
        disabled={health.isPending}
      >
        {health.isPending ? 'Running…' : 'Run Health Checks'}
      </button>
      <div aria-live="polite" className="admin-result-slot">
        {health.isPending && <Spinner label="Running health checks" />}
        {health.isError && (
          <p className="admin-handshake admin-fail">FAIL: {health.error.message || 'Health checks failed'}</p>
        )}
        {health.data && <CheckList checks={health.data} />}
      </div>
    </section>
  );
}

/** /admin/self-check: configuration, the SES handshake, recent sends and the health checks. */
export function SelfCheckScreen() {
  return (
    <div className="admin-stack">
      <div className="admin-two-col">
        <ConfigSection />
        <HandshakeSection />
      </div>
      <HealthSection />
      <RecentSendsSection />
    </div>
  );
}

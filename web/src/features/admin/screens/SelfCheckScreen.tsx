import { Spinner } from '../../../components/Spinner.tsx';
import { useHandshake } from '../api/run-handshake.ts';
import { useHealthChecks } from '../api/run-health-checks.ts';
import {
  ActionCard,
  CheckList,
  handshakeFailureText,
  handshakeOutcome,
  type ActionCardText,
} from '../components/checks.tsx';
import { ConfigCard, emailConfig } from '../components/ConfigCard.tsx';
import { ConfigList } from '../components/blocks.tsx';
import { RECENT_SEND_COLUMNS, SendsView } from '../components/sends.tsx';

const HANDSHAKE: ActionCardText = {
  id: 'self-handshake',
  title: 'Email handshake',
  note: 'Asks SES whether sending is enabled, the send quota, and whether the sender identity is verified.',
  label: 'Run handshake',
};
const HEALTH: ActionCardText = {
  id: 'self-health',
  title: 'Health checks',
  note: 'Database, Cognito, SES, the reminder job’s last run (within 2 hours), the scheduler.',
  label: 'Run Health Checks',
};

const orDash = (value: unknown) => (value === null || value === undefined ? '—' : String(value));

function HandshakeSection() {
  const handshake = useHandshake();
  const result = handshake.isError ? undefined : handshake.data;
  const text = handshake.isError ? handshakeFailureText(handshake.error) : result?.message;
  return (
    <ActionCard text={HANDSHAKE} run={handshake}>
      {text && (
        <p
          className={`admin-handshake admin-${result ? handshakeOutcome(result) : 'fail'}`}
          data-testid="handshake-result"
        >
          {text}
        </p>
      )}
      {result && (
        <ConfigList
          items={[
            { label: 'Sending enabled', value: orDash(result.sending_enabled) },
            { label: 'Max send rate', value: `${orDash(result.max_send_rate)} per second` },
            { label: 'Max 24-hour send', value: orDash(result.max_24_hour_send) },
            { label: 'Sent last 24 hours', value: orDash(result.sent_last_24_hours) },
            { label: 'Identity', value: result.identity ?? '—' },
            { label: 'Identity verified', value: orDash(result.identity_verified) },
          ]}
        />
      )}
    </ActionCard>
  );
}

function HealthSection() {
  const health = useHealthChecks();
  return (
    <ActionCard text={HEALTH} run={health}>
      {health.isPending && <Spinner label="Running health checks" />}
      {health.isError && (
        <p className="admin-handshake admin-fail">FAIL: {health.error.message || 'Health checks failed'}</p>
      )}
      {health.data && <CheckList checks={health.data} />}
    </ActionCard>
  );
}

/** /admin/self-check: configuration, the SES handshake, recent sends and the health checks. */
export function SelfCheckScreen() {
  return (
    <div className="admin-stack">
      <div className="admin-two-col">
        <ConfigCard
          id="self-config"
          title="Configuration"
          note="Read-only: set per stage at deploy time."
          fields={(c) => [
            ...emailConfig(c),
            { label: 'Site URL', value: c.site_url },
            { label: 'API URL', value: c.api_url },
            { label: 'Table', value: c.table_name },
            { label: 'Stage', value: c.stage },
            { label: 'Configuration set', value: c.configuration_set ?? '—' },
          ]}
        />
        <HandshakeSection />
      </div>
      <HealthSection />
      <section aria-labelledby="self-sends">
        <h2 id="self-sends" className="admin-section-title">
          Recent email sends
        </h2>
        <SendsView limit={10} caption="The 10 most recent email sends" columns={RECENT_SEND_COLUMNS} />
      </section>
    </div>
  );
}

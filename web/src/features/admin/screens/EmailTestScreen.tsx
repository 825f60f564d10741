import { useState } from 'react';
import { toast } from 'sonner';
import { NOTICES } from '#shared/messages.ts';
import { useMe } from '../../../api/get-me.ts';
import { errorMessage } from '../../../utils/errorMessage.ts';
import { useAdminConfig } from '../api/get-admin-config.ts';
import { useHandshake } from '../api/run-handshake.ts';
import { useSendTestEmail } from '../api/send-test-email.ts';
import { handshakeFailureText, handshakeOutcome, type Outcome } from '../components/checks.tsx';
import { ConfigCard, emailConfig } from '../components/ConfigCard.tsx';
import { AdminCard, Notice } from '../components/blocks.tsx';
import { formatDateTime } from '../format.ts';

interface LogEntry {
  id: number;
  at: string;
  outcome: Outcome;
  text: string;
}

/** /admin/email-test: provider configuration, the handshake check and a test reminder to the admin. */
export function EmailTestScreen() {
  const config = useAdminConfig();
  const me = useMe();
  const handshake = useHandshake();
  const sendTest = useSendTestEmail();
  const [log, setLog] = useState<LogEntry[]>([]);

  const add = (outcome: Outcome, text: string) =>
    setLog((entries) => [
      { id: Date.now() + entries.length, at: new Date().toISOString(), outcome, text },
      ...entries,
    ]);

  const email = me.data?.profile.email?.trim() ?? '';
  const disabled = config.data?.email_provider === 'disabled';
  const blocked = disabled || !email;

  const runHandshake = () =>
    handshake.mutate(undefined, {
      onSuccess: (result) => add(handshakeOutcome(result), result.message),
      onError: (error) => add('fail', handshakeFailureText(error)),
    });

  const send = () => {
    if (blocked) return;
    sendTest.mutate(undefined, {
      onSuccess: (result) => {
        add('pass', `Test reminder email sent to ${result.to} (message id ${result.messageId})`);
        toast.success('Test email sent successfully! Check your inbox and spam folder.');
      },
      onError: (error) => {
        const message = errorMessage(error);
        add('fail', `Test email failed: ${message}`);
        toast.error(`Test email failed: ${message}`);
      },
    });
  };

  return (
    <div className="admin-stack">
      <div className="admin-two-col">
        <ConfigCard
          id="email-test-config"
          title="Provider configuration"
          fields={(c) => [
            ...emailConfig(c),
            { label: 'Configuration set', value: c.configuration_set ?? '—' },
          ]}
          extra={[{ label: 'Your address', value: email || '—' }]}
        />
        <AdminCard id="email-test-actions" title="Tests">
          <div className="admin-actions">
            <button
              type="button"
              className="btn btn-outline"
              onClick={runHandshake}
              disabled={handshake.isPending}
            >
              {handshake.isPending ? 'Checking…' : 'Run handshake check'}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              onClick={send}
              disabled={blocked || sendTest.isPending || config.isPending || me.isPending}
            >
              {sendTest.isPending ? 'Sending…' : 'Send test reminder email to me'}
            </button>
          </div>
          {disabled && <Notice title={NOTICES.emailDisabled} />}
          {!disabled && me.data && !email && <Notice title={NOTICES.noUserEmail} />}
          <p className="muted small">
            The test is a real reminder e-mail, sent only to your own address
            {email ? ` (${email})` : ''}.
          </p>
        </AdminCard>
      </div>
      <ResultsLog log={log} />
    </div>
  );
}

function ResultsLog({ log }: { log: readonly LogEntry[] }) {
  return (
    <AdminCard id="email-test-log" title="Results">
      <div aria-live="polite">
        {log.length === 0 ? (
          <p className="muted">No tests run yet.</p>
        ) : (
          <ol className="admin-log" aria-label="Results log">
            {log.map((entry) => (
              <li key={entry.id} className={`admin-${entry.outcome}`}>
                <span className="admin-log-time">{formatDateTime(entry.at)}</span>
                <span>{entry.text}</span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </AdminCard>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { CheckResult } from '#shared/api.ts';
import { systemTestSchema } from '#shared/schemas.ts';
import { useSystemTest, type SystemTestResult } from '../../api/admin.ts';
import { useMe } from '../../api/queries.ts';
import { AuditLog } from './AuditLog.tsx';
import { CheckList } from './SelfCheckScreen.tsx';
import { Badge, errorMessage, formatDateTime } from './ui.tsx';

const STATUS_TEXT: Record<CheckResult['status'], string> = { pass: 'PASS', fail: 'FAIL', warning: 'WARNING' };

function groupByCategory(results: readonly CheckResult[]): [string, CheckResult[]][] {
  const groups = new Map<string, CheckResult[]>();
  for (const r of results) groups.set(r.category, [...(groups.get(r.category) ?? []), r]);
  return [...groups.entries()];
}

/** 'Copy Results': the run as a markdown report. */
export function markdownReport(run: SystemTestResult, email: string | undefined): string {
  const lines = [
    '# System Test Results',
    '',
    `- Run at: ${formatDateTime(run.ran_at)} (Europe/London)`,
    `- Test email: ${email ?? 'default (your account)'}`,
    `- Summary: ${run.summary.passed} passed, ${run.summary.failed} failed, ${run.summary.warnings} warnings`,
  ];
  for (const [category, results] of groupByCategory(run.results)) {
    lines.push('', `## ${category}`, '', '| Status | Check | Detail |', '| --- | --- | --- |');
    for (const r of results) {
      const cell = (s: string) => s.replaceAll('|', '\\|').replaceAll('\n', ' ');
      lines.push(`| ${STATUS_TEXT[r.status]} | ${cell(r.name)} | ${cell(r.detail)} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** /admin/system-test: every check, grouped by category, with a markdown copy; the audit log below. */
export function SystemTestScreen() {
  const me = useMe();
  const systemTest = useSystemTest();
  const [email, setEmail] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [ran, setRan] = useState<{ run: SystemTestResult; email: string | undefined } | null>(null);
  const [copied, setCopied] = useState(false);
  const copiedTimer = useRef<number | undefined>(undefined);
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;

  useEffect(() => () => window.clearTimeout(copiedTimer.current), []);

  // The input defaults to the signed-in admin's e-mail once the profile has loaded.
  const value = email ?? me.data?.profile.email ?? '';

  const submit = () => {
    const parsed = systemTestSchema.safeParse({ email: value.trim() || undefined });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid email address');
      return;
    }
    setError(null);
    systemTest.mutate(parsed.data.email, {
      onSuccess: (run) => setRan({ run, email: parsed.data.email }),
      onError: (e) => toast.error('System test failed', { description: errorMessage(e) }),
    });
  };

  const copy = async () => {
    if (!ran) return;
    try {
      await navigator.clipboard.writeText(markdownReport(ran.run, ran.email));
      setCopied(true);
      window.clearTimeout(copiedTimer.current);
      copiedTimer.current = window.setTimeout(() => setCopied(false), 2000);
    } catch (e) {
      console.error('Copy failed', e);
      toast.error('Failed to copy results');
    }
  };

  return (
    <div className="admin-stack">
      <section className="card" aria-labelledby="system-test-run">
        <h2 id="system-test-run" className="admin-section-title">
          Full system test
        </h2>
        <p className="muted small">
          Infrastructure health, a test reminder created and deleted, e-mail readiness, and the authorization
          rules (a regular user cannot read others&apos; reminders or the audit log).
        </p>
        <form
          className="admin-inline-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className="field">
            <label htmlFor={inputId}>Test email address</label>
            <input
              id={inputId}
              type="email"
              autoComplete="email"
              value={value}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${hintId} ${errorId}` : hintId}
              onChange={(event) => setEmail(event.target.value)}
            />
            <p id={hintId} className="field-hint">
              Checked for deliverability; no e-mail is sent.
            </p>
            {error && (
              <p id={errorId} className="field-error">
                {error}
              </p>
            )}
          </div>
          <button type="submit" className="btn btn-primary" disabled={systemTest.isPending}>
            {systemTest.isPending ? 'Running…' : 'Run Full System Test'}
          </button>
        </form>
      </section>

      <div aria-live="polite">
        {ran && (
          <section className="admin-stack" aria-labelledby="system-test-results">
            <div className="section-head">
              <h2 id="system-test-results" className="admin-section-title">
                Results
              </h2>
              <button type="button" className="btn btn-outline btn-sm" onClick={() => void copy()}>
                {copied ? 'Copied' : 'Copy Results'}
              </button>
            </div>
            <ul className="admin-summary" aria-label="Summary">
              <li>
                <Badge variant="success">{ran.run.summary.passed} passed</Badge>
              </li>
              <li>
                <Badge variant="destructive">{ran.run.summary.failed} failed</Badge>
              </li>
              <li>
                <Badge variant="warning">{ran.run.summary.warnings} warnings</Badge>
              </li>
              <li className="muted small">Run at {formatDateTime(ran.run.ran_at)}</li>
            </ul>
            <div className="admin-category-grid">
              {groupByCategory(ran.run.results).map(([category, results]) => (
                <section key={category} className="card" aria-label={category}>
                  <h3>{category}</h3>
                  <CheckList checks={results} />
                </section>
              ))}
            </div>
          </section>
        )}
      </div>

      <AuditLog />
    </div>
  );
}

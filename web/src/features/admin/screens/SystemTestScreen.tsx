import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { z } from 'zod';
import type { CheckResult } from '#shared/admin.ts';
import { systemTestSchema } from '#shared/schemas/params.ts';
import { useMe } from '../../../api/get-me.ts';
import { Badge } from '../../../components/Badge.tsx';
import { Field } from '../../../components/form/Field.tsx';
import { Form, SubmitButton } from '../../../components/form/Form.tsx';
import { reportSubmitError } from '../../../components/form/submit-error.ts';
import { useSystemTest, type SystemTestResult } from '../api/run-system-test.ts';
import { AuditLog } from '../components/AuditLog.tsx';
import { CHECK_BADGES } from '../components/badges.tsx';
import { CheckList } from '../components/checks.tsx';
import { AdminCard } from '../components/blocks.tsx';
import { formatDateTime } from '../format.ts';

/** A blank address means the admin's own (sent as absent); anything else must be an e-mail address. */
const formSchema = z.object({
  email: z
    .string()
    .transform((v) => v.trim() || undefined)
    .pipe(systemTestSchema.shape.email),
});

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
      lines.push(`| ${CHECK_BADGES[r.status].text} | ${cell(r.name)} | ${cell(r.detail)} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** A finished run: the summary, every check by category, and 'Copy Results'. */
function Results({ run, email }: { run: SystemTestResult; email: string | undefined }) {
  const [copied, setCopied] = useState(false);
  const copiedTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(copiedTimer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(markdownReport(run, email));
      setCopied(true);
      window.clearTimeout(copiedTimer.current);
      copiedTimer.current = window.setTimeout(() => setCopied(false), 2000);
    } catch (e) {
      console.error('Copy failed', e);
      toast.error('Failed to copy results');
    }
  };

  return (
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
          <Badge variant="success">{run.summary.passed} passed</Badge>
        </li>
        <li>
          <Badge variant="destructive">{run.summary.failed} failed</Badge>
        </li>
        <li>
          <Badge variant="warning">{run.summary.warnings} warnings</Badge>
        </li>
        <li className="muted small">Run at {formatDateTime(run.ran_at)}</li>
      </ul>
      <div className="admin-category-grid">
        {groupByCategory(run.results).map(([category, results]) => (
          <section key={category} className="card" aria-label={category}>
            <h3>{category}</h3>
            <CheckList checks={results} />
          </section>
        ))}
      </div>
    </section>
  );
}

/** /admin/system-test: every check, grouped by category, with a markdown copy; the audit log below. */
export function SystemTestScreen() {
  const me = useMe();
  const systemTest = useSystemTest();
  const [ran, setRan] = useState<{ run: SystemTestResult; email: string | undefined } | null>(null);
  // The address defaults to the signed-in admin's once the profile has loaded, unless already edited.
  const form = useForm({
    resolver: zodResolver(formSchema),
    values: { email: me.data?.profile.email ?? '' },
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = async ({ email }: z.output<typeof formSchema>) => {
    try {
      setRan({ run: await systemTest.mutateAsync(email), email });
    } catch (error) {
      reportSubmitError(form, error, 'System test failed');
    }
  };

  return (
    <div className="admin-stack">
      <AdminCard
        id="system-test-run"
        title="Full system test"
        note="Infrastructure health, a test reminder created and deleted, e-mail readiness, and the authorization rules (a regular user cannot read others' reminders or the audit log)."
      >
        <Form form={form} onSubmit={onSubmit} className="admin-inline-form">
          <Field
            name="email"
            label="Test email address"
            hint="Checked for deliverability; no e-mail is sent."
            type="email"
            autoComplete="email"
          />
          <SubmitButton pendingLabel="Running…">Run Full System Test</SubmitButton>
        </Form>
      </AdminCard>
      <div aria-live="polite">{ran && <Results run={ran.run} email={ran.email} />}</div>
      <AuditLog />
    </div>
  );
}

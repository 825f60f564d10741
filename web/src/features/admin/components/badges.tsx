/** Small building blocks shared by the admin screens: badges, tables, states, formatting. */
import { useId, type ReactNode } from 'react';
import { DateTime } from 'luxon';
import type { CheckStatus, EmailType, SendStatus } from '#shared/api.ts';
import { UK_ZONE } from '#shared/dates.ts';
import { Spinner } from '../../components/Spinner.tsx';

/** Admin times are shown in UK time, the zone the daily job runs in. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const dt = DateTime.fromISO(iso, { zone: UK_ZONE });
  return dt.isValid ? dt.toFormat('dd/MM/yyyy, HH:mm:ss') : iso;
}

/** 'Sat 21/11/2026, 08:00:03': the cron log's run time with its weekday. */
export function formatRunTime(iso: string): string {
  const dt = DateTime.fromISO(iso, { zone: UK_ZONE });
  return dt.isValid ? dt.toFormat('ccc dd/MM/yyyy, HH:mm:ss') : iso;
}

/** The first 8 characters of an id; the full id stays available as a tooltip. */
export function ShortId({ id, label }: { id: string | null | undefined; label: string }) {
  if (!id) return <span className="muted">—</span>;
  return (
    <code className="admin-id" title={`${label} ${id}`}>
      {id.slice(0, 8)}
    </code>
  );
}

export type BadgeVariant = 'destructive' | 'default' | 'secondary' | 'outline' | 'success' | 'warning';

export function Badge({ variant, children }: { variant: BadgeVariant; children: ReactNode }) {
  return <span className={`badge badge-${variant}`}>{children}</span>;
}

const CHECK_BADGES: Record<CheckStatus, { text: string; variant: BadgeVariant }> = {
  pass: { text: 'PASS', variant: 'success' },
  fail: { text: 'FAIL', variant: 'destructive' },
  warning: { text: 'WARNING', variant: 'warning' },
};

export function CheckBadge({ status }: { status: CheckStatus }) {
  const badge = CHECK_BADGES[status] ?? CHECK_BADGES.warning;
  return <Badge variant={badge.variant}>{badge.text}</Badge>;
}

/** Spec section 4: sent, failed, pending; 'success' also counts as good. */
export function SendStatusBadge({ status }: { status: SendStatus | 'success' }) {
  if (status === 'sent' || status === 'success') return <Badge variant="success">Sent</Badge>;
  if (status === 'failed') return <Badge variant="destructive">Failed</Badge>;
  return <Badge variant="secondary">Pending</Badge>;
}

const TYPE_LABELS: Record<EmailType, string> = {
  reminder: 'Reminder',
  welcome: 'Welcome',
  savings: 'Savings',
  test: 'Test',
};

export function EmailTypeBadge({ type }: { type: EmailType }) {
  return <Badge variant={type === 'reminder' ? 'default' : 'outline'}>{TYPE_LABELS[type] ?? type}</Badge>;
}

/** Spec section 4: days-before badge in logs: 1 or fewer destructive, 7 or fewer default, else secondary. */
export function daysBeforeVariant(days: number): BadgeVariant {
  if (days <= 1) return 'destructive';
  if (days <= 7) return 'default';
  return 'secondary';
}

export function DaysBeforeBadge({ days }: { days: number | null }) {
  if (days === null || days === undefined) return <span className="muted">—</span>;
  return <Badge variant={daysBeforeVariant(days)}>{`${days} ${days === 1 ? 'day' : 'days'}`}</Badge>;
}

export function SimulatedBadge() {
  return <Badge variant="outline">Simulated</Badge>;
}

/**
 * A table in a labelled, keyboard-focusable region that scrolls horizontally on small screens
 * (axe: scrollable regions must be reachable by keyboard).
 */
export function DataTable({
  caption,
  headers,
  children,
}: {
  caption: string;
  headers: readonly string[];
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="admin-table-block">
      <p className="admin-scroll-hint" aria-hidden="true">
        Scroll sideways to see every column.
      </p>
      <div className="table-wrap admin-table-wrap" role="region" aria-labelledby={id} tabIndex={0}>
        <table className="table admin-table">
          <caption id={id} className="visually-hidden">
            {caption}
          </caption>
          <thead>
            <tr>
              {headers.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    </div>
  );
}

export function LoadingPanel({ label }: { label: string }) {
  return (
    <div className="panel-center admin-panel-loading">
      <Spinner label={label} />
    </div>
  );
}

export function ErrorPanel({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="card empty-state" role="alert">
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="btn btn-outline" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function EmptyPanel({ children }: { children: ReactNode }) {
  return (
    <div className="card empty-state">
      <p>{children}</p>
    </div>
  );
}

/** The orange (warning) and red notices. */
export function Notice({
  tone = 'warning',
  title,
  children,
}: {
  tone?: 'warning' | 'destructive' | 'info';
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className={`admin-notice admin-notice-${tone}`} role={tone === 'info' ? 'note' : 'status'}>
      <p className="admin-notice-title">{title}</p>
      {children && <div className="admin-notice-body">{children}</div>}
    </div>
  );
}

/** A label/value list for read-only configuration. */
export function ConfigList({ items }: { items: readonly { label: string; value: ReactNode }[] }) {
  return (
    <dl className="admin-config">
      {items.map((item) => (
        <div key={item.label} className="admin-config-row">
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'An unexpected error occurred';
}

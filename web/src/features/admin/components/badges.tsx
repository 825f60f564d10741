/** The admin screens' badges and short ids. */
import type { ReactNode } from 'react';
import type { EmailType, SendStatus } from '#shared/api.ts';
import type { CheckStatus } from '#shared/admin.ts';
import { mailLabel } from '#shared/reminder/mails/index.ts';
import { Badge, type BadgeVariant } from '../../../components/Badge.tsx';

/** The first 8 characters of an id; the full id stays available as a tooltip. */
export function ShortId({ id, label }: { id: string | null | undefined; label: string }) {
  if (!id) return <span className="muted">—</span>;
  return (
    <code className="admin-id" title={`${label} ${id}`}>
      {id.slice(0, 8)}
    </code>
  );
}

export const CHECK_BADGES: Record<CheckStatus, { text: string; variant: BadgeVariant }> = {
  pass: { text: 'PASS', variant: 'success' },
  fail: { text: 'FAIL', variant: 'destructive' },
  warning: { text: 'WARNING', variant: 'warning' },
};

export function CheckBadge({ status }: { status: CheckStatus }) {
  const badge = CHECK_BADGES[status] ?? CHECK_BADGES.warning;
  return <Badge variant={badge.variant}>{badge.text}</Badge>;
}

/** A send's status: sent (or 'success'), failed, settled without sending, else pending. */
export function SendStatusBadge({ status }: { status: SendStatus | 'success' }) {
  if (status === 'sent' || status === 'success') return <Badge variant="success">Sent</Badge>;
  if (status === 'failed') return <Badge variant="destructive">Failed</Badge>;
  if (status === 'superseded') return <Badge variant="outline">Superseded</Badge>;
  if (status === 'missed') return <Badge variant="destructive">Missed</Badge>;
  if (status === 'skipped') return <Badge variant="outline">Skipped</Badge>;
  return <Badge variant="secondary">Pending</Badge>;
}

export function EmailTypeBadge({ type }: { type: EmailType }) {
  return <Badge variant={type === 'reminder' ? 'default' : 'outline'}>{mailLabel(type)}</Badge>;
}

/** How close a logged reminder was to its date: 1 day or less destructive, 7 or less default, else secondary. */
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

/** Badges side by side in one cell. */
export function Badges({ children }: { children: ReactNode }) {
  return <span className="admin-badges">{children}</span>;
}

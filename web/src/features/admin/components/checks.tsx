import type { ReactNode } from 'react';
import type { CheckResult, HandshakeResult } from '#shared/admin.ts';
import { CheckBadge } from './badges.tsx';
import { AdminCard } from './blocks.tsx';

/** A failed handshake: 'FAIL: {message}', or 'SMTP handshake failed' when the request itself failed. */
export function handshakeFailureText(error: unknown): string {
  return error instanceof Error && error.message ? `FAIL: ${error.message}` : 'SMTP handshake failed';
}

/** How a result is shown: passed, failed, or sending turned off on purpose (neither). */
export type Outcome = 'pass' | 'fail' | 'warn';

export function handshakeOutcome(result: HandshakeResult): Outcome {
  if (result.provider === 'disabled') return 'warn';
  return result.ok ? 'pass' : 'fail';
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

export interface ActionCardText {
  id: string;
  title: string;
  note: string;
  label: string;
}

/** A card that runs one check on demand: its button, and its result announced as it arrives. */
export function ActionCard({
  text,
  run,
  children,
}: {
  text: ActionCardText;
  run: { isPending: boolean; mutate: () => void };
  children: ReactNode;
}) {
  return (
    <AdminCard id={text.id} title={text.title} note={text.note}>
      <button type="button" className="btn btn-primary" onClick={() => run.mutate()} disabled={run.isPending}>
        {run.isPending ? 'Running…' : text.label}
      </button>
      <div aria-live="polite" className="admin-result-slot">
        {children}
      </div>
    </AdminCard>
  );
}

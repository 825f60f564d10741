/** The admin screens' building blocks: titled cards, notices and read-only label/value lists. */
import type { ReactNode } from 'react';

/** A notice in the admin screens: orange (warning), red (destructive) or blue (info). */
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

/** A titled card of the admin screens; `id` ties the title to the card (aria-labelledby). */
export function AdminCard({
  id,
  title,
  note,
  className = 'card',
  children,
}: {
  id: string;
  title: string;
  note?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id} className="admin-section-title">
        {title}
      </h2>
      {note && <p className="muted small">{note}</p>}
      {children}
    </section>
  );
}

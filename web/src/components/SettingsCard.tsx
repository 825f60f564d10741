import type { ReactNode } from 'react';

/**
 * A card of the settings page: a section named by its heading (`headingId`, which links may point
 * to). `className` is its look beside `card`: 'settings-card' unless it has its own.
 */
export function SettingsCard({
  headingId,
  title,
  className = 'settings-card',
  children,
}: {
  headingId: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={`card ${className}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="card-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

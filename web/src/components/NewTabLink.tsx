import type { ReactNode } from 'react';
import { formatUkDate } from '#shared/dates.ts';

/** A link that opens in a new tab, and says so to screen readers after its own words. */
export function NewTabLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** 'Source: {name}' linking to where a rule or a figure comes from, and when we last checked it. */
export function SourceLine({
  source,
  reviewed,
  className,
}: {
  source: { name: string; url: string };
  /** The day the source was last read against what we say (YYYY-MM-DD), when it is kept. */
  reviewed?: string;
  className: string;
}) {
  return (
    <p className={className}>
      {'Source: '}
      <NewTabLink href={source.url}>{source.name}</NewTabLink>
      {reviewed && (
        <>
          {' · reviewed '}
          <time dateTime={reviewed}>{formatUkDate(reviewed)}</time>
        </>
      )}
    </p>
  );
}

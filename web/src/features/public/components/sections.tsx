/** The building blocks of the marketing pages: titled sections, card grids, figures and calls to action. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { authTabPath, ROUTES } from '../../../config/routes.ts';
import { usePublicSignedIn } from '../../auth/landing.ts';
import './sections.css';

/** A page section titled by its h2 (aria-labelledby `id`). */
export function Section({
  id,
  title,
  className = 'container section',
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export interface CardItem {
  title: string;
  text: string;
}

/** A grid of cards with a heading and a line each; `numbered` makes it an ordered list of numbered steps. */
export function CardList({
  items,
  className,
  numbered = false,
}: {
  items: readonly CardItem[];
  className: string;
  numbered?: boolean;
}) {
  const cards = items.map((item, i) => (
    <li key={item.title} className={numbered ? 'card step' : 'card'}>
      {numbered && (
        <span className="step-number" aria-hidden="true">
          {i + 1}
        </span>
      )}
      <h3>{item.title}</h3>
      <p className="muted">{item.text}</p>
    </li>
  ));
  const classes = `card-grid ${className}`;
  return numbered ? <ol className={classes}>{cards}</ol> : <ul className={classes}>{cards}</ul>;
}

/** Headline figures, each with what it measures. */
export function StatGrid({ stats }: { stats: readonly { value: string; label: string }[] }) {
  return (
    <ul className="card-grid stats-grid">
      {stats.map((s) => (
        <li key={s.value} className="card stat-card">
          <p className="stat">{s.value}</p>
          <p className="muted">{s.label}</p>
        </li>
      ))}
    </ul>
  );
}

/** A list with a tick before each item. */
export function Checklist({ items }: { items: readonly string[] }) {
  return (
    <ul className="checklist">
      {items.map((item) => (
        <li key={item.slice(0, 40)}>{item}</li>
      ))}
    </ul>
  );
}

/**
 * The sign-up button of the marketing pages; a signed-in visitor gets 'Dashboard' instead (on the
 * static landing page, its script swaps the buttons it finds by `data-sign-up`).
 */
export function SignUpLink({ children, light = false }: { children: ReactNode; light?: boolean }) {
  const signedIn = usePublicSignedIn();
  return (
    <Link
      to={signedIn ? ROUTES.dashboard.path : authTabPath('signup')}
      className={light ? 'btn btn-light btn-lg' : 'btn btn-primary btn-lg'}
      data-sign-up=""
    >
      {signedIn ? ROUTES.dashboard.title : children}
    </Link>
  );
}

/** The full-width band that closes a marketing page with a call to sign up. */
export function CtaBand({ id, title, text, cta }: { id?: string; title: string; text: string; cta: string }) {
  return (
    <section className="cta-band" aria-labelledby={id}>
      <div className="container cta-inner">
        <h2 id={id}>{title}</h2>
        <p>{text}</p>
        <SignUpLink light>{cta}</SignUpLink>
      </div>
    </section>
  );
}

import { Link } from 'react-router';
import { leadDaysFor } from '#shared/categories.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import type { CategorySlug } from './categoryLinks.ts';
import { CATEGORY_CONTENT } from './categoryPages.ts';
import { PublicLayout } from './PublicLayout.tsx';

/** '90, 60, 30, 14 and 7 days before, and on the day itself' from the category's lead intervals. */
export function describeLeadDays(days: readonly number[]): string {
  const before = days.filter((d) => d > 0).map(String);
  const onTheDay = days.includes(0);
  const list = before.length > 1 ? `${before.slice(0, -1).join(', ')} and ${before.at(-1)}` : before[0];
  const text = list ? `${list} ${before.length === 1 && before[0] === '1' ? 'day' : 'days'} before` : '';
  if (!onTheDay) return text;
  return text ? `${text}, and on the day itself` : 'on the day itself';
}

export default function CategoryPage({ slug }: { slug: CategorySlug }) {
  const content = CATEGORY_CONTENT[slug];
  useDocumentTitle(content.heading, content.description);
  return (
    <PublicLayout>
      <section className="hero hero-compact">
        <div className="container hero-inner">
          <h1>{content.heading}</h1>
          <p className="hero-lead">{content.intro}</p>
          <Link to="/auth" className="btn btn-primary btn-lg">
            Get Started Free Today
          </Link>
        </div>
      </section>

      <section className="container section" aria-labelledby="figures-heading">
        <h2 id="figures-heading">The figures</h2>
        <ul className="stats-grid">
          {content.stats.map((s) => (
            <li key={s.value} className="card stat-card">
              <p className="stat">{s.value}</p>
              <p className="muted">{s.label}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="container section prose" aria-labelledby="why-heading">
        <h2 id="why-heading">{content.whyTitle}</h2>
        {content.why.map((p) => (
          <p key={p.slice(0, 40)}>{p}</p>
        ))}
      </section>

      <section className="container section" aria-labelledby="when-heading">
        <h2 id="when-heading">When we remind you</h2>
        <ul className="interval-list">
          {content.categories.map((c) => (
            <li key={c.value} className="card">
              <h3>{c.label}</h3>
              <p className="muted">E-mail reminders {describeLeadDays(leadDaysFor(c.value))}.</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="container section" aria-labelledby="tips-heading">
        <h2 id="tips-heading">Practical tips</h2>
        <ul className="checklist">
          {content.tips.map((t) => (
            <li key={t.slice(0, 40)}>{t}</li>
          ))}
        </ul>
      </section>

      <section className="cta-band">
        <div className="container cta-inner">
          <h2>Never miss this renewal again</h2>
          <p>It is free, it takes seconds, and we never connect to your bank.</p>
          <Link to="/auth" className="btn btn-light btn-lg">
            Get Started Free Today
          </Link>
        </div>
      </section>
    </PublicLayout>
  );
}

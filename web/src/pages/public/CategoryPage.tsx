import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import type { CategoryPageContent } from './categoryPages.ts';
import { PublicLayout } from './PublicLayout.tsx';

export default function CategoryPage({ content }: { content: CategoryPageContent }) {
  useDocumentTitle(content.heading);
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
      <section className="container section category-detail">
        <div className="card stat-card">
          <p className="stat">{content.stat}</p>
          <p className="muted">{content.statLabel}</p>
        </div>
        <ul className="checklist">
          {content.points.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </section>
    </PublicLayout>
  );
}

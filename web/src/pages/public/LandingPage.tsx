import { Link } from 'react-router';
import { PRODUCT_NAME, TAGLINE } from '#shared/brand.ts';
import { ShieldIcon } from '../../components/Icons.tsx';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { CATEGORY_PAGES } from './categoryPages.ts';
import { PublicLayout } from './PublicLayout.tsx';

const STEPS = [
  { title: 'Add your renewal', text: 'Enter the product, provider and renewal date. It takes seconds.' },
  { title: 'We track the dates', text: 'We count down to every renewal so you do not have to.' },
  {
    title: "Get reminders before it's too late",
    text: 'Emails arrive in time to compare, switch or haggle.',
  },
];

const WHY = [
  { title: 'Peace of mind', text: 'Every renewal date in one calm place.' },
  { title: 'Save money', text: '7 in 10 households overpay. Be the one who does not.' },
  { title: 'Takes seconds', text: 'Add a reminder in under a minute.' },
  { title: 'Personalised alerts', text: 'Lead times tuned to each kind of renewal.' },
];

export default function LandingPage() {
  useDocumentTitle();
  const scrollToCategories = () => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    document.getElementById('categories')?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth' });
  };

  return (
    <PublicLayout>
      <section className="hero">
        <div className="container hero-inner">
          <p className="eyebrow">{PRODUCT_NAME}</p>
          <h1>Never miss a renewal again.</h1>
          <p className="hero-lead">
            {TAGLINE}. Track mortgages, insurance, energy, broadband, subscriptions and more, and get a
            reminder before each renewal.
          </p>
          <div className="hero-actions">
            <Link to="/auth" className="btn btn-primary btn-lg">
              Get Started Free
            </Link>
            <a
              href="#categories"
              className="btn btn-outline btn-lg"
              onClick={(event) => {
                event.preventDefault();
                scrollToCategories();
              }}
            >
              See what we track
            </a>
          </div>
          <p className="small muted">The first 1,000 signups get a free lifetime subscription.</p>
        </div>
      </section>

      <section className="container section" aria-labelledby="how-heading">
        <h2 id="how-heading">How It Works</h2>
        <ol className="steps">
          {STEPS.map((step, i) => (
            <li key={step.title} className="card step">
              <span className="step-number" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{step.title}</h3>
              <p className="muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="container section">
        <div className="card privacy-card">
          <ShieldIcon />
          <div>
            <h2>Your data, your control</h2>
            <p className="muted">
              We store only renewal dates and product names. We never connect to your bank accounts, and we
              never share or sell your data.
            </p>
          </div>
        </div>
      </section>

      <section id="categories" className="container section" aria-labelledby="categories-heading">
        <h2 id="categories-heading">What you can track</h2>
        <ul className="category-grid">
          {CATEGORY_PAGES.map((c) => (
            <li key={c.path} className="card category-card">
              <h3>{c.name}</h3>
              <p className="muted">{c.intro}</p>
              <Link to={c.path} aria-label={`Learn more about ${c.name}`}>
                Learn more
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="container section" aria-labelledby="why-heading">
        <h2 id="why-heading">Why Choose {PRODUCT_NAME}</h2>
        <ul className="why-grid">
          {WHY.map((w) => (
            <li key={w.title}>
              <h3>{w.title}</h3>
              <p className="muted">{w.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="cta-band">
        <div className="container cta-inner">
          <h2>Stop overpaying on autopilot</h2>
          <p>Add your first renewal today and let us do the remembering.</p>
          <Link to="/auth" className="btn btn-light btn-lg">
            Sign up free in 30 seconds
          </Link>
        </div>
      </section>
    </PublicLayout>
  );
}

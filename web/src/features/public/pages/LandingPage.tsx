import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { PromotionStatus } from '#shared/api.ts';
import { PRODUCT_NAME, TAGLINE } from '#shared/brand.ts';
import { ShieldIcon } from '../../components/Icons.tsx';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { CATEGORY_LINKS } from './categoryLinks.ts';
import { PublicLayout } from './PublicLayout.tsx';

const STEPS = [
  {
    title: 'Add your renewal',
    text: 'Enter what renews, who it is with and the date. An amount and notes are optional.',
  },
  {
    title: 'We track the dates',
    text: 'We count down to every renewal and know the right lead times for each kind of contract.',
  },
  {
    title: "Get reminders before it's too late",
    text: 'An e-mail arrives in time to compare, haggle or switch, not the day after you have rolled over.',
  },
];

const WHY = [
  {
    title: 'Peace of mind',
    text: 'Every renewal date in one place, so nothing renews without you knowing.',
  },
  {
    title: 'Save money',
    text: 'Loyalty rarely pays. A timely reminder is the difference between switching and overpaying.',
  },
  {
    title: 'Takes seconds',
    text: 'Add a renewal in under a minute. No bank connection, no paperwork, no app to install.',
  },
  {
    title: 'Personalised alerts',
    text: 'Mortgages get alerts from 90 days out, subscriptions from 14: the lead times suit the renewal.',
  },
];

const STATS = [
  { value: '7 in 10', label: 'households overpay' },
  { value: '£325', label: 'a year lost by broadband customers who never switch' },
  { value: '27%', label: 'average rise in a car insurance quote at renewal' },
  { value: '£1.6B', label: 'lost to unwanted subscriptions' },
];

function usePromotion(): PromotionStatus | null {
  const [status, setStatus] = useState<PromotionStatus | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/promotion', { signal: controller.signal, headers: { Accept: 'application/json' } })
      .then((r) => (r.ok ? (r.json() as Promise<PromotionStatus>) : null))
      .then((body) => {
        if (body && typeof body.places_left === 'number') setStatus(body);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return status;
}

/** The founding-member promotion line; space is reserved so the count arriving shifts nothing. */
function PromotionNote() {
  const promotion = usePromotion();
  const total = (promotion?.places_total ?? 1000).toLocaleString('en-GB');
  let text = `The first ${total} members are free for life.`;
  if (promotion) {
    text =
      promotion.places_left > 0
        ? `The first ${total} members are free for life — ${promotion.places_left.toLocaleString('en-GB')} places left`
        : `All ${total} founding-member places have been taken.`;
  }
  return (
    <p className="promotion-note" aria-live="polite">
      {text}
    </p>
  );
}

export default function LandingPage() {
  useDocumentTitle();
  const scrollToCategories = () => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const target = document.getElementById('categories');
    target?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth' });
    target?.focus({ preventScroll: true });
    window.history.replaceState(window.history.state, '', '#categories');
  };

  return (
    <PublicLayout>
      <section className="hero" aria-labelledby="hero-heading">
        <div className="container hero-inner">
          <p className="eyebrow">{TAGLINE}</p>
          <h1 id="hero-heading">Never miss a renewal again.</h1>
          <p className="hero-lead">
            Track your mortgage, insurance, energy, broadband, subscriptions and more in one place, and get an
            e-mail reminder before each one renews, while you still have time to switch.
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
              See what you can track
            </a>
          </div>
          <PromotionNote />
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

      <section className="container section" aria-labelledby="privacy-heading">
        <div className="card privacy-card">
          <ShieldIcon />
          <div>
            <h2 id="privacy-heading">Private by design</h2>
            <p className="muted">
              No bank logins, no open banking, no tracking of your spending. You tell us a date and what
              renews, and we remind you. That is all.
            </p>
          </div>
        </div>
      </section>

      <section
        id="categories"
        tabIndex={-1}
        className="container section section-target"
        aria-labelledby="categories-heading"
      >
        <h2 id="categories-heading">Reminders for every renewal</h2>
        <ul className="category-grid">
          {CATEGORY_LINKS.map((c) => (
            <li key={c.path} className="card category-card">
              <h3>{c.name}</h3>
              <p className="muted">{c.blurb}</p>
              <Link to={c.path}>
                Learn more<span className="visually-hidden"> about {c.name}</span>
              </Link>
            </li>
          ))}
        </ul>
        <p className="muted small section-note">
          You can also track credit card promotions and car tax or MOT dates from your dashboard.
        </p>
      </section>

      <section className="container section" aria-labelledby="mid-cta-heading">
        <div className="card mid-cta">
          <div>
            <h2 id="mid-cta-heading">Know every renewal date before it costs you</h2>
            <p className="muted">Free to use. Add your first renewal in under a minute.</p>
          </div>
          <Link to="/auth" className="btn btn-primary btn-lg">
            Get Started Free Today
          </Link>
        </div>
      </section>

      <section className="container section" aria-labelledby="why-heading">
        <h2 id="why-heading">Why Choose {PRODUCT_NAME}</h2>
        <ul className="why-grid">
          {WHY.map((w) => (
            <li key={w.title} className="card">
              <h3>{w.title}</h3>
              <p className="muted">{w.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="container section" aria-labelledby="stats-heading">
        <h2 id="stats-heading">The cost of forgetting</h2>
        <ul className="stats-grid">
          {STATS.map((s) => (
            <li key={s.value} className="card stat-card">
              <p className="stat">{s.value}</p>
              <p className="muted">{s.label}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="container section" aria-label="A word from us">
        <figure className="quote">
          <blockquote>
            <p>
              “The best deal is rarely the one you roll onto. It is the one you choose, and you can only
              choose if you know the date is coming.”
            </p>
          </blockquote>
          <figcaption>The {PRODUCT_NAME} team</figcaption>
        </figure>
      </section>

      <section className="container section" aria-labelledby="data-heading">
        <div className="card data-card">
          <h2 id="data-heading">Your data, your control</h2>
          <ul className="checklist">
            <li>We store only renewal dates and product names, plus the details you choose to add.</li>
            <li>We never connect to your bank accounts.</li>
            <li>We never share or sell your data.</li>
            <li>Delete your account and everything in it at any time, from Settings.</li>
          </ul>
          <Link to="/privacy">Read our Privacy Policy</Link>
        </div>
      </section>

      <section className="cta-band" aria-labelledby="final-cta-heading">
        <div className="container cta-inner">
          <h2 id="final-cta-heading">Stop overpaying on autopilot</h2>
          <p>Add your first renewal today and let us do the remembering.</p>
          <Link to="/auth" className="btn btn-light btn-lg">
            Sign up free in 30 seconds
          </Link>
        </div>
      </section>
    </PublicLayout>
  );
}

import { Link } from 'react-router';
import { PRODUCT_NAME, TAGLINE } from '#shared/brand.ts';
import { ShieldIcon } from '../../../components/Icons.tsx';
import { ROUTES } from '../../../config/routes.ts';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle.ts';
import { HeroPicture } from '../components/HeroPicture.tsx';
import { PromotionNote } from '../components/PromotionNote.tsx';
import { PublicLayout } from '../components/PublicLayout.tsx';
import { CardList, Checklist, CtaBand, Section, SignUpLink, StatGrid } from '../components/sections.tsx';
import { CATEGORY_LINKS, categoryPath } from '../content/category-links.ts';
import './LandingPage.css';

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

const YOUR_DATA = [
  'We store only renewal dates and product names, plus the details you choose to add.',
  'We never connect to your bank accounts.',
  'We never share or sell your data.',
  'Delete your account and everything in it at any time, from Settings.',
];

const STATS = [
  { value: '7 in 10', label: 'households overpay' },
  { value: '£325', label: 'a year lost by broadband customers who never switch' },
  { value: '27%', label: 'average rise in a car insurance quote at renewal' },
  { value: '£1.6B', label: 'lost to unwanted subscriptions' },
];

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
        <div className="container hero-inner hero-split">
          <div className="hero-copy">
            <p className="eyebrow">{TAGLINE}</p>
            <h1 id="hero-heading">Never miss a renewal again.</h1>
            <p className="hero-lead">
              Track your mortgage, insurance, energy, broadband, subscriptions and more in one place, and get
              an e-mail reminder before each one renews, while you still have time to switch.
            </p>
            <div className="hero-actions">
              <SignUpLink>Get Started Free</SignUpLink>
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
          <HeroPicture />
        </div>
      </section>

      <Section id="how-heading" title="How It Works">
        <CardList items={STEPS} className="steps" numbered />
      </Section>

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
        <ul className="card-grid category-grid">
          {CATEGORY_LINKS.map((c) => (
            <li key={c.slug} className="card category-card">
              <h3>{c.name}</h3>
              <p className="muted">{c.blurb}</p>
              <Link to={categoryPath(c.slug)}>
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
          <SignUpLink>Get Started Free Today</SignUpLink>
        </div>
      </section>

      <Section id="why-heading" title={`Why Choose ${PRODUCT_NAME}`}>
        <CardList items={WHY} className="why-grid" />
      </Section>

      <Section id="stats-heading" title="The cost of forgetting">
        <StatGrid stats={STATS} />
      </Section>

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
          <Checklist items={YOUR_DATA} />
          <Link to={ROUTES.privacy.path}>Read our Privacy Policy</Link>
        </div>
      </section>

      <CtaBand
        id="final-cta-heading"
        title="Stop overpaying on autopilot"
        text="Add your first renewal today and let us do the remembering."
        cta="Sign up free in 30 seconds"
      />
    </PublicLayout>
  );
}

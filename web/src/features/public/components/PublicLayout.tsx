import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME, TAGLINE } from '#shared/brand.ts';
import { Brand } from '../../components/Brand.tsx';
import { MenuIcon, ShieldIcon } from '../../components/Icons.tsx';
import { NavDisclosure } from '../../components/NavDisclosure.tsx';
import { usePublicIsAdmin } from '../../lib/adminHint.ts';
import { CATEGORY_LINKS } from './categoryLinks.ts';

const CATEGORY_ITEMS = CATEGORY_LINKS.map((c) => ({ to: c.path, label: c.name }));

/** Spec section 2: the admin dropdown on the public pages. */
export const ADMIN_MENU = [
  { to: '/admin', label: 'Dashboard' },
  { to: '/admin/self-check', label: 'Self-Check' },
  { to: '/admin/email-test', label: 'Email Test' },
  { to: '/admin/system-test', label: 'System Test' },
] as const;

export const SOCIAL_LINKS = [
  { href: 'https://x.com/renewalreminders', label: 'X (Twitter)' },
  { href: 'https://www.facebook.com/renewalreminders', label: 'Facebook' },
  { href: 'https://www.instagram.com/renewalreminders', label: 'Instagram' },
  { href: 'https://www.linkedin.com/company/renewalreminders', label: 'LinkedIn' },
] as const;

export function PublicHeader({ isAdmin }: { isAdmin: boolean }) {
  return (
    <header className="site-header">
      <div className="container site-header-inner">
        <Brand />
        <nav aria-label="Main" className="site-nav">
          <NavDisclosure
            label="Categories"
            items={CATEGORY_ITEMS}
            icon={<MenuIcon />}
            className="nav-categories"
          />
          {isAdmin && (
            <NavDisclosure label="Admin" items={ADMIN_MENU} icon={<ShieldIcon />} className="nav-admin" />
          )}
          <Link to="/auth" className="btn btn-primary btn-sm nav-cta-wide">
            Get Started Free
          </Link>
          <Link to="/auth" className="btn btn-primary btn-sm nav-cta-small">
            Sign In
          </Link>
        </nav>
      </div>
    </header>
  );
}

export function PublicFooter({ isAdmin }: { isAdmin: boolean }) {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <Brand />
          <p className="muted small footer-tagline">{TAGLINE}.</p>
        </div>
        <nav aria-labelledby="footer-categories">
          <h2 id="footer-categories" className="footer-heading">
            Reminder Categories
          </h2>
          <ul>
            {CATEGORY_LINKS.map((c) => (
              <li key={c.path}>
                <Link to={c.path}>{c.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="footer-heading">
            Legal
          </h2>
          <ul>
            <li>
              <Link to="/privacy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms">Terms of Service</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-social">
          <h2 id="footer-social" className="footer-heading">
            Follow us
          </h2>
          <ul>
            {SOCIAL_LINKS.map((s) => (
              <li key={s.href}>
                <a
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${s.label}: ${PRODUCT_NAME} (opens in a new tab)`}
                >
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {isAdmin && (
        <div className="container footer-admin">
          <nav aria-label="Admin tools" className="footer-admin-nav">
            <span className="strong">Admin:</span>
            <Link to="/admin/self-check">Self-Check</Link>
            <Link to="/admin/email-test">Email Test</Link>
          </nav>
        </div>
      )}
      <div className="container footer-bottom">
        <p className="small muted">
          © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

export function PublicLayout({ children }: { children: ReactNode }) {
  const isAdmin = usePublicIsAdmin();
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <PublicHeader isAdmin={isAdmin} />
      <main id="main" className="public-main">
        {children}
      </main>
      <PublicFooter isAdmin={isAdmin} />
    </div>
  );
}

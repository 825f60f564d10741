import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME, TAGLINE } from '#shared/brand.ts';
import { Brand } from '../../../components/Brand.tsx';
import { MenuIcon, ShieldIcon } from '../../../components/Icons.tsx';
import { NavDisclosure } from '../../../components/NavDisclosure.tsx';
import { SkipLink } from '../../../components/SkipLink.tsx';
import { adminMenu, authTabPath, ROUTES } from '../../../config/routes.ts';
import { usePublicIsAdmin, usePublicSignedIn } from '../../auth/landing.ts';
import { CATEGORY_MENU } from '../content/category-links.ts';
import './PublicLayout.css';
// The public pages' own styles, in the first stylesheet that the build inlines: a prerendered page
// paints in its final layout before its lazy chunk (and that chunk's CSS) arrives.
import '../pages/CategoryPage.css';
import './ProsePage.css';

const PUBLIC_ADMIN_MENU = adminMenu((s) => s.publicMenu);
const FOOTER_ADMIN_MENU = adminMenu((s) => s.footer === true && s.publicMenu);

const LEGAL_MENU = [
  { to: ROUTES.privacy.path, label: ROUTES.privacy.title },
  { to: ROUTES.terms.path, label: ROUTES.terms.title },
];

export const SOCIAL_LINKS = [
  { to: 'https://x.com/renewalreminders', label: 'X (Twitter)' },
  { to: 'https://www.facebook.com/renewalreminders', label: 'Facebook' },
  { to: 'https://www.instagram.com/renewalreminders', label: 'Instagram' },
  { to: 'https://www.linkedin.com/company/renewalreminders', label: 'LinkedIn' },
];

/** The header's Admin dropdown, for admins only (the landing page's script adds it: web/build/prerender.ts). */
export function AdminMenu() {
  return (
    <NavDisclosure
      label="Admin"
      items={PUBLIC_ADMIN_MENU}
      icon={<ShieldIcon />}
      className="nav-disclosure nav-admin"
    />
  );
}

/** The footer's admin strip, for admins only. */
export function FooterAdminStrip() {
  return (
    <div className="container footer-admin">
      <nav aria-label="Admin tools" className="footer-admin-nav">
        <span className="strong">Admin:</span>
        {FOOTER_ADMIN_MENU.map(({ to, label }) => (
          <Link key={to} to={to}>
            {label}
          </Link>
        ))}
      </nav>
    </div>
  );
}

export function PublicHeader({ isAdmin, signedIn }: { isAdmin: boolean; signedIn: boolean }) {
  return (
    <header className="top-bar site-header">
      <div className="container top-bar-inner site-header-inner">
        <Brand />
        <nav aria-label="Main" className="site-nav">
          <NavDisclosure
            label="Categories"
            items={CATEGORY_MENU}
            icon={<MenuIcon />}
            className="nav-disclosure nav-categories"
          />
          {isAdmin && <AdminMenu />}
          {signedIn ? (
            <Link to={ROUTES.dashboard.path} className="btn btn-primary btn-sm">
              {ROUTES.dashboard.title}
            </Link>
          ) : (
            <>
              <Link to={authTabPath('signup')} className="btn btn-primary btn-sm nav-cta-wide">
                Get Started Free
              </Link>
              <Link to={ROUTES.auth.path} className="btn btn-primary btn-sm nav-cta-small">
                Sign In
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}

/** A footer column: a heading and its links; `external` ones open in a new tab and say so. */
function FooterNav({
  id,
  title,
  links,
  external = false,
}: {
  id: string;
  title: string;
  links: readonly { to: string; label: string }[];
  external?: boolean;
}) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="footer-heading">
        {title}
      </h2>
      <ul>
        {links.map((l) => (
          <li key={l.to}>
            {external ? (
              <a
                href={l.to}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`${l.label}: ${PRODUCT_NAME} (opens in a new tab)`}
              >
                {l.label}
              </a>
            ) : (
              <Link to={l.to}>{l.label}</Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
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
        <FooterNav id="footer-categories" title="Reminder Categories" links={CATEGORY_MENU} />
        <FooterNav id="footer-legal" title="Legal" links={LEGAL_MENU} />
        <FooterNav id="footer-social" title="Follow us" links={SOCIAL_LINKS} external />
      </div>
      {isAdmin && <FooterAdminStrip />}
      <div className="container footer-bottom">
        <p className="small muted">
          © {import.meta.env.BUILD_YEAR} {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

export function PublicLayout({ children }: { children: ReactNode }) {
  const isAdmin = usePublicIsAdmin();
  const signedIn = usePublicSignedIn();
  return (
    <div className="app-shell">
      <SkipLink />
      <PublicHeader isAdmin={isAdmin} signedIn={signedIn} />
      <main id="main" className="public-main">
        {children}
      </main>
      <PublicFooter isAdmin={isAdmin} />
    </div>
  );
}

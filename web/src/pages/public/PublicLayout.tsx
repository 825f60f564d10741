import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '#shared/brand.ts';
import { Brand } from '../../components/Brand.tsx';
import { MenuIcon } from '../../components/Icons.tsx';
import { CATEGORY_PAGES } from './categoryPages.ts';

function CategoriesMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  return (
    <details className="nav-dropdown" ref={ref}>
      <summary>
        <span className="nav-dropdown-label">Categories</span>
        <MenuIcon />
      </summary>
      <ul>
        {CATEGORY_PAGES.map((c) => (
          <li key={c.path}>
            <Link to={c.path} onClick={() => ref.current?.removeAttribute('open')}>
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}

export function PublicHeader() {
  return (
    <header className="site-header">
      <div className="container site-header-inner">
        <Brand />
        <nav aria-label="Main" className="site-nav">
          <CategoriesMenu />
          <Link to="/auth" className="btn btn-primary btn-sm">
            Sign In
          </Link>
        </nav>
      </div>
    </header>
  );
}

export function PublicFooter() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <Brand />
          <p className="muted small">Never lose money on renewals again</p>
        </div>
        <nav aria-label="Reminder categories">
          <h2 className="footer-heading">Reminder Categories</h2>
          <ul>
            {CATEGORY_PAGES.map((c) => (
              <li key={c.path}>
                <Link to={c.path}>{c.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2 className="footer-heading">Legal</h2>
          <ul>
            <li>
              <Link to="/privacy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms">Terms of Service</Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="container footer-bottom">
        <p className="small muted">
          © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <PublicHeader />
      <main id="main" className="public-main">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}

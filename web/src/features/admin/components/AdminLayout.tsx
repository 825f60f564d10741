import { useId, useRef, useState, type ReactNode, useCallback } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { AppHeader } from '../../components/AppHeader.tsx';
import { ArrowLeftIcon } from '../../components/Icons.tsx';
import { useMediaQuery } from '../../lib/useMediaQuery.ts';
import './admin.css';
import { useDismiss } from '../../lib/useDismiss.ts';

export const ADMIN_LINKS = [
  { to: '/admin', label: 'Dashboard' },
  { to: '/admin/self-check', label: 'Self Check' },
  { to: '/admin/email-sandbox', label: 'Email Sandbox' },
  { to: '/admin/run-cron', label: 'Run Cron' },
  { to: '/admin/cron-log', label: 'Cron Logs' },
  { to: '/admin/email-log', label: 'Email Logs' },
  { to: '/admin/email-test', label: 'Email Test' },
] as const;

/**
 * Spec section 2, admin header: 'Back to Admin' on /admin, 'Back to Dashboard' on /dashboard, else
 * 'Back'. We read the page named in the label as where the button takes you: from an admin tool the
 * button goes to /admin ('Back to Admin'); from the admin dashboard it goes to /dashboard ('Back to
 * Dashboard'); anywhere else it is a plain history 'Back'.
 */
export function backTarget(pathname: string): { label: string; to: string | null } {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/admin') return { label: 'Back to Dashboard', to: '/dashboard' };
  if (path.startsWith('/admin/')) return { label: 'Back to Admin', to: '/admin' };
  return { label: 'Back', to: null };
}

function AdminLinks({ onNavigate }: { onNavigate?: () => void }) {
  return ADMIN_LINKS.map((l) => (
    <li key={l.to}>
      <NavLink to={l.to} end className="admin-nav-link" onClick={onNavigate}>
        {l.label}
      </NavLink>
    </li>
  ));
}

/** Below 768 px the links become a disclosure dropdown (WAI-ARIA APG disclosure navigation). */
function AdminNavDropdown({ current }: { current: string }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useDismiss(open, close, rootRef, buttonRef);

  return (
    <div
      ref={rootRef}
      className="admin-nav-dropdown"
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-outline btn-sm admin-nav-toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <span>
          Admin menu<span className="visually-hidden">, current page {current}</span>
        </span>
        <span className="nav-caret" aria-hidden="true" />
      </button>
      <ul id={listId} className="admin-nav-menu" hidden={!open}>
        <AdminLinks onNavigate={() => setOpen(false)} />
      </ul>
    </div>
  );
}

/** Admin header (back button, title, links) and the page body. */
export function AdminLayout({ title, children }: { title: string; children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const small = useMediaQuery('(max-width: 767px)');
  const back = backTarget(pathname);
  const current = ADMIN_LINKS.find((l) => l.to === pathname.replace(/\/+$/, ''))?.label ?? title;

  return (
    <div className="app-shell">
      <AppHeader />
      <div className="admin-header">
        <div className="container admin-header-inner">
          <button
            type="button"
            className="btn btn-ghost btn-sm back-button"
            onClick={() => (back.to ? navigate(back.to) : navigate(-1))}
          >
            <ArrowLeftIcon />
            {back.label}
          </button>
          <nav aria-label="Admin" className="admin-nav">
            {small ? (
              <AdminNavDropdown current={current} />
            ) : (
              <ul className="admin-nav-list">
                <AdminLinks />
              </ul>
            )}
          </nav>
        </div>
      </div>
      <main className="container page admin-page" id="main">
        <h1 className="admin-title">{title}</h1>
        {children}
      </main>
    </div>
  );
}

/** Spec section 6: what a signed-in non-admin sees on the self check and e-mail test pages. */
export function AccessDenied({ action }: { action: 'home' | 'back' }) {
  const navigate = useNavigate();
  return (
    <main className="full-page-center" id="main">
      <div className="card error-card admin-denied">
        <h1>Access Denied</h1>
        <p className="muted">
          You don&apos;t have permission to access this page. This area is restricted to administrators only.
        </p>
        {action === 'home' ? (
          <button type="button" className="btn btn-primary" onClick={() => navigate('/')}>
            Go Home
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
              if (idx > 0) navigate(-1);
              else navigate('/dashboard');
            }}
          >
            Go Back
          </button>
        )}
      </div>
    </main>
  );
}

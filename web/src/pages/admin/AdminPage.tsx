import { NavLink, useLocation, useNavigate } from 'react-router';
import { Brand } from '../../components/Brand.tsx';
import { ArrowLeftIcon } from '../../components/Icons.tsx';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';

export const ADMIN_LINKS = [
  { to: '/admin', label: 'Dashboard', title: 'Admin Dashboard' },
  { to: '/admin/self-check', label: 'Self Check', title: 'Self Check' },
  { to: '/admin/email-sandbox', label: 'Email Sandbox', title: 'Email Sandbox' },
  { to: '/admin/run-cron', label: 'Run Cron', title: 'Run Cron' },
  { to: '/admin/cron-log', label: 'Cron Logs', title: 'Cron Logs' },
  { to: '/admin/email-log', label: 'Email Logs', title: 'Email Logs' },
  { to: '/admin/email-test', label: 'Email Test', title: 'Email Test' },
] as const;

/** Placeholder admin screen: admin header (back button, title, links) and a heading. */
export default function AdminPage({ title }: { title: string }) {
  useDocumentTitle(title);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // Spec section 2, admin header: 'Back to Admin' on /admin, 'Back to Dashboard' on /dashboard, else 'Back'.
  const backLabel =
    pathname === '/admin' ? 'Back to Admin' : pathname === '/dashboard' ? 'Back to Dashboard' : 'Back';
  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(pathname === '/admin' ? '/dashboard' : '/admin');
  };
  return (
    <div className="app-shell">
      <header className="app-header">
        <div className="container app-header-inner">
          <Brand to="/dashboard" />
        </div>
      </header>
      <div className="container admin-bar">
        <button type="button" className="btn btn-ghost btn-sm back-button" onClick={goBack}>
          <ArrowLeftIcon />
          {backLabel}
        </button>
        <nav aria-label="Admin" className="admin-nav">
          {ADMIN_LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} end className="admin-nav-link">
              {l.label}
            </NavLink>
          ))}
        </nav>
      </div>
      <main className="container page" id="main">
        <h1>{title}</h1>
        <p className="muted">This admin tool is coming soon.</p>
      </main>
    </div>
  );
}

import { useEffect } from 'react';
import type { API } from '#shared/routes.ts';
import { callPublic } from '../../../api/request.ts';
import { Link, useLocation } from 'react-router';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle.ts';
import { ROUTES } from '../../../config/routes.ts';
import './NotFoundPage.css';

/** The location key last reported: one report per page view, even when StrictMode runs effects twice. */
let reportedKey: string | null = null;

/** Fire-and-forget: the path only (no query, no fragment, no personal data); the server rate-limits. */
function reportNotFound(path: string): void {
  try {
    void callPublic<typeof API.reportNotFound>(
      { method: 'POST', path: '/api/not-found' },
      { body: { path: path.slice(0, 300) } },
      { keepalive: true },
    ).catch(() => undefined);
  } catch {
    // Never let logging break the page.
  }
}

export default function NotFoundPage() {
  useDocumentTitle(ROUTES.notFound.title, 'The page you were looking for does not exist.');
  const location = useLocation();

  useEffect(() => {
    // /404 itself is where non-admins land from admin pages: not a broken link, nothing to log.
    if (location.pathname === ROUTES.notFound.path || reportedKey === location.key) return;
    reportedKey = location.key;
    reportNotFound(location.pathname);
  }, [location.key, location.pathname]);

  return (
    <main className="full-page-center" id="main">
      <div className="not-found">
        <h1>404</h1>
        <p>Oops! Page not found</p>
        <Link to={ROUTES.home.path} className="btn btn-primary">
          Return to Home
        </Link>
      </div>
    </main>
  );
}

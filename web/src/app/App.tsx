import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { FullPageSpinner } from './components/Spinner.tsx';
import LandingPage from './pages/public/LandingPage.tsx';
import NotFoundPage from './pages/public/NotFoundPage.tsx';
import { CATEGORY_LINKS } from './pages/public/categoryLinks.ts';

// The landing page and the 404 are in the first bundle; the other public pages are small lazy chunks.
const CategoryPage = lazy(() => import('./pages/public/CategoryPage.tsx'));
const PrivacyPage = lazy(() => import('./pages/public/PrivacyPage.tsx'));
const TermsPage = lazy(() => import('./pages/public/TermsPage.tsx'));
const DocsPage = lazy(() => import('./pages/public/DocsPage.tsx'));
const UnsubscribePage = lazy(() => import('./pages/public/UnsubscribePage.tsx'));

// Everything that needs Amplify, TanStack Query or the toaster (session, guards, signed-in pages) loads
// lazily, off the public pages.
const guards = () => import('./auth/guards.tsx');
const AuthLayout = lazy(() => guards().then((m) => ({ default: m.AuthLayout })));
const RequireAuth = lazy(() => guards().then((m) => ({ default: m.RequireAuth })));
const RequireAdmin = lazy(() => guards().then((m) => ({ default: m.RequireAdmin })));
const RedirectIfSignedIn = lazy(() => guards().then((m) => ({ default: m.RedirectIfSignedIn })));
const AuthPage = lazy(() => import('./pages/AuthPage.tsx'));
const AuthCallbackPage = lazy(() => import('./pages/AuthCallbackPage.tsx'));
const DashboardPage = lazy(() => import('./pages/DashboardPage.tsx'));
const SettingsPage = lazy(() => import('./pages/SettingsPage.tsx'));
const SavingsPage = lazy(() => import('./pages/SavingsPage.tsx'));
const AdminPage = lazy(() => import('./pages/admin/AdminPage.tsx'));

/**
 * Admin pages (spec sections 2 and 6). `accessDenied`: a signed-in non-admin sees the page's Access
 * Denied screen instead of going to /404, so only sign-in is required here and AdminPage checks admin.
 */
const ADMIN_ROUTES = [
  { path: 'admin', title: 'Admin Dashboard', accessDenied: false },
  { path: 'admin/self-check', title: 'Self Check', accessDenied: true },
  { path: 'admin/email-sandbox', title: 'Email Sandbox', accessDenied: false },
  { path: 'admin/run-cron', title: 'Run Cron', accessDenied: false },
  { path: 'admin/cron-log', title: 'Cron Logs', accessDenied: false },
  { path: 'admin/email-log', title: 'Email Logs', accessDenied: false },
  { path: 'admin/email-test', title: 'Email Test', accessDenied: true },
  { path: 'admin/system-test', title: 'System Test', accessDenied: false },
];

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** Every route of spec section 2. */
function AppRoutes() {
  return (
    <Routes>
      <Route index element={<LandingPage />} />
      {CATEGORY_LINKS.map((c) => (
        <Route key={c.path} path={c.path} element={<CategoryPage slug={c.slug} />} />
      ))}
      <Route path="privacy" element={<PrivacyPage />} />
      <Route path="terms" element={<TermsPage />} />
      <Route path="docs" element={<DocsPage />} />
      <Route path="unsubscribe" element={<UnsubscribePage />} />

      <Route element={<AuthLayout />}>
        <Route element={<RedirectIfSignedIn />}>
          <Route path="auth" element={<AuthPage />} />
        </Route>
        <Route path="auth/callback" element={<AuthCallbackPage />} />
        <Route element={<RequireAuth />}>
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="settings" element={<SettingsPage />} />
          <Route path="savings/:reminderId" element={<SavingsPage />} />
        </Route>
        <Route element={<RequireAdmin />}>
          {ADMIN_ROUTES.filter((r) => !r.accessDenied).map((r) => (
            <Route key={r.path} path={r.path} element={<AdminPage key={r.path} title={r.title} />} />
          ))}
        </Route>
        <Route element={<RequireAuth />}>
          {ADMIN_ROUTES.filter((r) => r.accessDenied).map((r) => (
            <Route key={r.path} path={r.path} element={<AdminPage key={r.path} title={r.title} />} />
          ))}
        </Route>
      </Route>

      <Route path="404" element={<NotFoundPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export function App() {
  return (
    <ErrorBoundary>
      <BrowserRouter>
        <ScrollToTop />
        <Suspense fallback={<FullPageSpinner />}>
          <AppRoutes />
        </Suspense>
      </BrowserRouter>
    </ErrorBoundary>
  );
}

import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { FullPageSpinner } from './components/Spinner.tsx';
import { queryClient } from './lib/queryClient.ts';
import LandingPage from './pages/public/LandingPage.tsx';
import CategoryPage from './pages/public/CategoryPage.tsx';
import NotFoundPage from './pages/public/NotFoundPage.tsx';
import { DocsPage, PrivacyPage, TermsPage } from './pages/public/SimplePage.tsx';
import { CATEGORY_PAGES } from './pages/public/categoryPages.ts';

// Everything that needs Amplify (session, guards, signed-in pages) loads lazily, off the public pages.
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

const ADMIN_ROUTES = [
  { path: 'admin', title: 'Admin Dashboard' },
  { path: 'admin/self-check', title: 'Self Check' },
  { path: 'admin/email-sandbox', title: 'Email Sandbox' },
  { path: 'admin/run-cron', title: 'Run Cron' },
  { path: 'admin/cron-log', title: 'Cron Logs' },
  { path: 'admin/email-log', title: 'Email Logs' },
  { path: 'admin/email-test', title: 'Email Test' },
  { path: 'admin/system-test', title: 'System Test' },
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
      {CATEGORY_PAGES.map((c) => (
        <Route key={c.path} path={c.path} element={<CategoryPage content={c} />} />
      ))}
      <Route path="privacy" element={<PrivacyPage />} />
      <Route path="terms" element={<TermsPage />} />
      <Route path="docs" element={<DocsPage />} />

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
          {ADMIN_ROUTES.map((r) => (
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
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <ScrollToTop />
          <Suspense fallback={<FullPageSpinner />}>
            <AppRoutes />
          </Suspense>
        </BrowserRouter>
        <Toaster position="top-center" richColors closeButton />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}

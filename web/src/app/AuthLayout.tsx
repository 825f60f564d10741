import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { AppSkeleton } from '../components/Skeleton.tsx';
import { FullPageSpinner } from '../components/Spinner.tsx';
import { ROUTES } from '../config/routes.ts';
import { getAuthState, startSession, useAuth } from '../features/auth/session.ts';
import { installAppShell } from '../features/notifications/index.ts';
import { keepQueries, restoreQueries } from './persisted-queries.ts';
import { queryClient } from './queryClient.ts';
import './toasts.css';

/**
 * Toasts rise from the bottom: on a phone (where sonner makes them full width) a toast at the top
 * would cover the header, its avatar menu and the heading being read.
 */
const TOAST_POSITION = 'bottom-right';

/**
 * Wraps every route that needs to know the session; shows a spinner while it loads. TanStack Query and
 * the toaster live here, in a lazily loaded chunk, so the public pages never download them.
 */
export function AuthLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionGate />
      <Toaster position={TOAST_POSITION} richColors closeButton mobileOffset={{ bottom: 16 }} />
    </QueryClientProvider>
  );
}

const isSignedInAs = (userId: string) => () => {
  const now = getAuthState();
  return now.status === 'signedIn' && now.userId === userId;
};

/** The signed-in user's last dashboard data, shown at once and kept fresh (./persisted-queries.ts). */
function useKeptQueries(userId: string | null) {
  // Restored during render, before any page's query mounts, so the first paint has the data.
  if (userId) restoreQueries(queryClient, userId);
  useEffect(() => (userId ? keepQueries(queryClient, userId, isSignedInAs(userId)) : undefined), [userId]);
  useEffect(() => {
    if (userId) installAppShell();
  }, [userId]);
}

/** While the session or a page's code loads: the app's skeleton on signed-in pages, a spinner on the sign-in pages. */
function SessionLoading({ label }: { label: string }) {
  const { pathname } = useLocation();
  const signInPage = pathname.startsWith(ROUTES.auth.path);
  return signInPage ? <FullPageSpinner label={label} /> : <AppSkeleton label={label} />;
}

function SessionGate() {
  const auth = useAuth();
  useEffect(() => startSession(), []);
  useKeptQueries(auth.status === 'signedIn' ? auth.userId : null);
  if (auth.status === 'error') throw auth.error;
  if (auth.status === 'loading') return <SessionLoading label="Loading your session" />;
  return (
    <Suspense fallback={<SessionLoading label="Loading" />}>
      <Outlet />
    </Suspense>
  );
}

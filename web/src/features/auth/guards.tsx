/** The lazily loaded auth shell: session loading and the route guards of spec sections 2 and 6. */
import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { queryClient } from '../lib/queryClient.ts';
import { FullPageSpinner } from '../components/Spinner.tsx';
import { authPathFor, safeRedirect } from '../lib/redirect.ts';
import { useMe } from '../api/queries.ts';
import { startSession, useAuth } from './session.ts';

/**
 * Wraps every route that needs to know the session; shows a spinner while it loads. TanStack Query and
 * the toaster live here, in the lazily loaded app chunk, so the public pages never download them.
 */
export function AuthLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionGate />
      <Toaster position="top-center" richColors closeButton />
    </QueryClientProvider>
  );
}

function SessionGate() {
  const auth = useAuth();
  useEffect(() => startSession(), []);
  if (auth.status === 'error') throw auth.error;
  if (auth.status === 'loading') return <FullPageSpinner label="Loading your session" />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Outlet />
    </Suspense>
  );
}

/** Where a signed-out visitor of a guarded page goes: home after logout, /auth after deletion, else /auth and back. */
function signedOutTarget(reason: 'logout' | 'deleted' | undefined, returnTo: string): string {
  if (reason === 'logout') return '/';
  if (reason === 'deleted') return '/auth';
  return authPathFor(returnTo);
}

function useReturnTo(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}${location.hash}`;
}

/** Login required: signed-out users go to /auth and come back after signing in. */
export function RequireAuth() {
  const auth = useAuth();
  const returnTo = useReturnTo();
  if (auth.status === 'signedOut') {
    return <Navigate to={signedOutTarget(auth.reason, returnTo)} replace />;
  }
  return <Outlet />;
}

/** Admin only: signed out → /auth; signed in but not an admin (or the check failed) → /404. */
export function RequireAdmin() {
  const auth = useAuth();
  const returnTo = useReturnTo();
  const me = useMe(auth.status === 'signedIn');
  if (auth.status === 'signedOut') {
    return <Navigate to={signedOutTarget(auth.reason, returnTo)} replace />;
  }
  if (me.isPending) return <FullPageSpinner />;
  if (me.isError || me.data?.isAdmin !== true) return <Navigate to="/404" replace />;
  return <Outlet />;
}

/** /auth: a signed-in user goes on to the page they came for, or /dashboard. */
export function RedirectIfSignedIn() {
  const auth = useAuth();
  const [params] = useSearchParams();
  const location = useLocation();
  if (auth.status === 'signedIn') {
    const fromState = (location.state as { from?: string } | null)?.from;
    return <Navigate to={safeRedirect(params.get('redirect') ?? fromState)} replace />;
  }
  return <Outlet />;
}

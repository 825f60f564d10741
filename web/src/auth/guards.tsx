/** The lazily loaded auth shell: session loading and the route guards of spec sections 2 and 6. */
import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { FullPageSpinner } from '../components/Spinner.tsx';
import { authPathFor, safeRedirect } from '../lib/redirect.ts';
import { useMe } from '../api/queries.ts';
import { startSession, useAuth } from './session.ts';

/** Wraps every route that needs to know the session; shows a spinner while it loads. */
export function AuthLayout() {
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

function useReturnTo(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}${location.hash}`;
}

/** Login required: signed-out users go to /auth and come back after signing in. */
export function RequireAuth() {
  const auth = useAuth();
  const returnTo = useReturnTo();
  if (auth.status === 'signedOut') {
    return <Navigate to={auth.reason === 'logout' ? '/' : authPathFor(returnTo)} replace />;
  }
  return <Outlet />;
}

/** Admin only: signed out → /auth; signed in but not an admin (or the check failed) → /404. */
export function RequireAdmin() {
  const auth = useAuth();
  const returnTo = useReturnTo();
  const me = useMe(auth.status === 'signedIn');
  if (auth.status === 'signedOut') {
    return <Navigate to={auth.reason === 'logout' ? '/' : authPathFor(returnTo)} replace />;
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

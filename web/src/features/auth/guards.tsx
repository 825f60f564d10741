/** The route guards: who may open a page, by the access level of its route. */
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { useMe } from '../../api/get-me.ts';
import { FullPageSpinner } from '../../components/Spinner.tsx';
import { ROUTES } from '../../config/routes.ts';
import { authPathFor, safeRedirect } from '../../utils/redirect.ts';
import { useAuth } from './session.ts';

/**
 * Where a signed-out visitor of a guarded page goes: home after logout, /auth after deletion, else
 * (sessions ended elsewhere included) /auth and back.
 */
function signedOutTarget(reason: 'logout' | 'deleted' | 'ended' | undefined, returnTo: string): string {
  if (reason === 'logout') return ROUTES.home.path;
  if (reason === 'deleted') return ROUTES.auth.path;
  return authPathFor(returnTo);
}

function useReturnTo(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}${location.hash}`;
}

/** Signed in only: signed-out users go to /auth and come back after signing in. */
export function RequireAuth() {
  const auth = useAuth();
  const returnTo = useReturnTo();
  if (auth.status === 'signedOut') {
    return <Navigate to={signedOutTarget(auth.reason, returnTo)} replace />;
  }
  return <Outlet />;
}

/** Admins only: signed out → /auth; signed in but not an admin (or the check failed) → /404. */
export function RequireAdmin() {
  const auth = useAuth();
  const returnTo = useReturnTo();
  const me = useMe(auth.status === 'signedIn');
  if (auth.status === 'signedOut') {
    return <Navigate to={signedOutTarget(auth.reason, returnTo)} replace />;
  }
  // A stored session still restoring is not yet an admin's (the kept profile says nothing here).
  if (auth.status !== 'signedIn' || me.isPending) return <FullPageSpinner />;
  if (me.isError || me.data?.isAdmin !== true) return <Navigate to={ROUTES.notFound.path} replace />;
  return <Outlet />;
}

/** Signed out only (/auth): a signed-in user goes on to the page they came for, or /dashboard. */
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

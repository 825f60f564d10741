import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { EndSessionContext } from '../components/AppLayout.tsx';
import { AppSkeleton } from '../components/Skeleton.tsx';
import { FullPageSpinner } from '../components/Spinner.tsx';
import { ROUTES } from '../config/routes.ts';
import { useMediaQuery } from '../hooks/useMediaQuery.ts';
import { getAuthState, logout, startSession, useAuth } from '../features/auth/session.ts';
import { forgetThisDevice } from '../features/notifications/forget.ts';
// Not the feature's index: that would bring the Settings card (and its code) onto this path.
import { installAppShell } from '../features/notifications/this-device.ts';
import { dropRestoredQueries, keepQueries, restoreQueries } from '../api/persisted-queries.ts';
import { queryClient } from './queryClient.ts';
import './toasts.css';

/**
 * Where toasts show. On a wide screen, the bottom right corner, beside the content. On a phone
 * (sonner's own breakpoint, where it makes them full width) at the top, over the header bar: at the
 * bottom they would cover what is there, which is where a dialog keeps its buttons (a failed save's
 * toast would hide 'Create Reminder', the button to try again). They leave the header's account menu
 * free, and a swipe or their close button sends them sooner.
 */
const PHONE = '(max-width: 600px)';
const TOASTS = {
  wide: { position: 'bottom-right', mobileOffset: undefined },
  // The right end of the header bar is the account menu's: toasts stop short of it (toasts.css).
  phone: { position: 'top-center', mobileOffset: { top: 8, left: 8, right: 72 } },
} as const;

/** 'Sign out' in the app header: what of it belongs to the auth and notifications features. */
async function endSession(): Promise<void> {
  // This browser stops getting the account's pushes, while the session can still say so.
  await forgetThisDevice();
  await logout();
}

/**
 * Wraps every route that needs to know the session; shows a spinner while it loads. TanStack Query and
 * the toaster live here, in a lazily loaded chunk, so the public pages never download them.
 */
export function AuthLayout() {
  const toasts = TOASTS[useMediaQuery(PHONE) ? 'phone' : 'wide'];
  return (
    <QueryClientProvider client={queryClient}>
      <EndSessionContext.Provider value={endSession}>
        <SessionGate />
      </EndSessionContext.Provider>
      <Toaster position={toasts.position} mobileOffset={toasts.mobileOffset} richColors closeButton />
    </QueryClientProvider>
  );
}

/** Signed in as `userId`, or restoring that user's stored session (whose token the API calls use). */
const isSignedInAs = (userId: string) => () => {
  const now = getAuthState();
  return (now.status === 'signedIn' || now.status === 'restoring') && now.userId === userId;
};

/** The signed-in user's last dashboard data, shown at once and kept fresh (api/persisted-queries.ts). */
function useKeptQueries(userId: string | null) {
  // Restored during render, before any page's query mounts, so the first paint has the data.
  if (userId) restoreQueries(queryClient, userId);
  useEffect(() => (userId ? keepQueries(queryClient, userId, isSignedInAs(userId)) : undefined), [userId]);
  // Signed out (a stored session Amplify could not renew, too): this tab's copy goes with the user.
  useEffect(() => {
    if (!userId) dropRestoredQueries(queryClient);
  }, [userId]);
  useEffect(() => {
    if (userId) installAppShell();
  }, [userId]);
}

/** While the session or a page's code loads: the app's skeleton on signed-in pages, a spinner on the sign-in pages. */
const isSignInPage = (pathname: string) => pathname.startsWith(ROUTES.auth.path);

function SessionLoading({ label }: { label: string }) {
  const { pathname } = useLocation();
  return isSignInPage(pathname) ? <FullPageSpinner label={label} /> : <AppSkeleton label={label} />;
}

function SessionGate() {
  const auth = useAuth();
  const { pathname } = useLocation();
  useEffect(() => startSession(), []);
  useKeptQueries(auth.status === 'signedIn' || auth.status === 'restoring' ? auth.userId : null);
  if (auth.status === 'error') throw auth.error;
  // A stored session shows the signed-in pages at once (with the kept data); /auth waits for Amplify.
  const waiting = auth.status === 'loading' || (auth.status === 'restoring' && isSignInPage(pathname));
  if (waiting) return <SessionLoading label="Loading your session" />;
  return (
    <Suspense fallback={<SessionLoading label="Loading" />}>
      <Outlet />
    </Suspense>
  );
}

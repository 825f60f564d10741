import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { FullPageSpinner } from '../components/Spinner.tsx';
import { startSession, useAuth } from '../features/auth/session.ts';
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

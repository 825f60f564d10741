import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Spinner } from '../components/Spinner.tsx';
import { confirmAccount } from '../auth/session.ts';
import { useDocumentTitle } from '../lib/useDocumentTitle.ts';

/**
 * /auth/callback?code=…&email=… (DESIGN.md): confirms the sign-up. If this tab can finish the sign-in
 * (Amplify auto sign-in), 'Welcome!' and /dashboard; otherwise /auth's sign-in tab with a toast.
 */
export default function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const ran = useRef(false);
  useDocumentTitle('Completing sign in');

  useEffect(() => {
    // StrictMode runs effects twice in development; a confirmation code must be used once.
    if (ran.current) return;
    ran.current = true;

    const fail = (description: string) => {
      toast.error('Authentication Error', { description });
      navigate('/auth', { replace: true });
    };

    const errorDescription = params.get('error_description');
    const code = params.get('code');
    const email = params.get('email');
    if (errorDescription) return fail(errorDescription);
    if (!code) return fail('No authorization code found');
    if (!email) return fail('No email address found in the confirmation link');

    confirmAccount(email, code).then(
      (outcome) => {
        if (outcome === 'signedIn') {
          toast.success('Welcome!', { description: "You've been successfully signed in." });
          navigate('/dashboard', { replace: true });
        } else {
          toast.success('Email confirmed', {
            description: 'Your email address is confirmed. Please sign in.',
          });
          navigate(`/auth?tab=signin&email=${encodeURIComponent(email)}`, { replace: true });
        }
      },
      (error: unknown) =>
        fail(error instanceof Error && error.message ? error.message : 'An unexpected error occurred'),
    );
  }, [params, navigate]);

  return (
    <main className="full-page-center">
      <div className="card callback-card">
        <Spinner label="Completing sign in" />
        <h1>Completing sign in...</h1>
        <p>Please wait while we finish setting up your account</p>
        <p className="muted small">This should only take a few seconds</p>
      </div>
    </main>
  );
}

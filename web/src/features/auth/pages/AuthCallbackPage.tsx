import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { decodeLinkAddress, LINK_ADDRESS_PARAM } from '#shared/linkSignIn.ts';
import { toast } from 'sonner';
import { Spinner } from '../../../components/Spinner.tsx';
import { ROUTES } from '../../../config/routes.ts';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle.ts';
import { confirmLinkError } from '../account-errors.ts';
import { confirmAccount } from '../session.ts';
import { takeReturnTo } from '../link-secret.ts';
import { safeRedirect } from '../../../utils/redirect.ts';

/**
 * /auth/callback?code=…#u=…, the link in the sign-up e-mail (the address encoded in the fragment; a
 * link mailed before that named it in the query as email=…): confirms the account and, in the
 * browser that signed up, signs it in (decision 0028), then 'Welcome!' and the page the sign-up came
 * from (/auth?redirect=…, e.g. an invitation's join page) or /dashboard. Anywhere else,
 * or for a link opened again: /auth's sign-in tab with a toast saying the address is confirmed. A
 * link that cannot confirm (replaced by a resend, expired) says so in words, never the raw error.
 */
export default function AuthCallbackPage() {
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const ran = useRef(false);
  useDocumentTitle(ROUTES.authCallback.title);

  useEffect(() => {
    // StrictMode runs effects twice in development; a confirmation code must be used once.
    if (ran.current) return;
    ran.current = true;

    const fail = (description: string) => {
      toast.error('Authentication Error', { description });
      navigate(ROUTES.auth.path, { replace: true });
    };

    const errorDescription = params.get('error_description');
    const code = params.get('code');
    const encoded = new URLSearchParams(hash.slice(1)).get(LINK_ADDRESS_PARAM);
    const email = encoded === null ? params.get('email') : decodeLinkAddress(encoded);
    if (errorDescription) return fail(errorDescription);
    if (!code) return fail('No authorization code found');
    if (!email) return fail('No email address found in the confirmation link');

    confirmAccount(email, code).then(
      (outcome) => {
        if (outcome === 'signedIn') {
          toast.success('Welcome!', { description: "You've been successfully signed in." });
          // Back to the page the sign-up came from (an invitation's join page), else the dashboard.
          navigate(safeRedirect(takeReturnTo(email)), { replace: true });
        } else {
          toast.success('Email confirmed', { description: 'Please sign in.' });
          navigate(`${ROUTES.auth.path}?tab=signin&email=${encodeURIComponent(email)}`, { replace: true });
        }
      },
      // To the sign-in tab with the address: the latest mail's link, or the password, goes on from there.
      (error: unknown) => {
        toast.error('Authentication Error', { description: confirmLinkError(error) });
        navigate(`${ROUTES.auth.path}?tab=signin&email=${encodeURIComponent(email)}`, { replace: true });
      },
    );
  }, [params, hash, navigate]);

  return (
    <main className="full-page-center">
      <div className="card message-card">
        <Spinner label="Completing sign in" />
        <h1>Completing sign in...</h1>
        <p>Please wait while we finish setting up your account</p>
        <p className="muted small">This should only take a few seconds</p>
      </div>
    </main>
  );
}

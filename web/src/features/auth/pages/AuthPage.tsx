import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { decodeLinkAddress, LINK_ADDRESS_PARAM } from '#shared/linkSignIn.ts';
import { PRODUCT_NAME, TAGLINE } from '#shared/brand.ts';
import { Brand } from '../../../components/Brand.tsx';
import { Tabs } from '../../../components/Tabs.tsx';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle.ts';
import { ForgotPassword } from '../components/ForgotPassword.tsx';
import { SignInForm } from '../components/SignInForm.tsx';
import { SignUpForm } from '../components/SignUpForm.tsx';
import { invitationIn, useInviterName } from '../invitation.ts';
import './AuthPage.css';

type Tab = 'signin' | 'signup';
const TITLES: Record<Tab, string> = { signin: 'Sign in', signup: 'Sign up' };

/**
 * /auth: sign in or sign up, the tab kept in ?tab= so a link can open either. On the way back to an
 * invitation's link (?redirect=), Sign Up unless a tab is asked for, with the invited address and
 * whose invitation it is.
 */
export default function AuthPage() {
  const [params, setParams] = useSearchParams();
  const invitation = useMemo(() => invitationIn(params.get('redirect')), [params]);
  const inviterName = useInviterName(invitation?.token ?? null);
  const askedTab = params.get('tab');
  const urlTab: Tab = askedTab === 'signup' || (askedTab === null && invitation) ? 'signup' : 'signin';
  // The tab shows at once; the address (a router transition) follows, and a new address wins.
  const [tab, setTab] = useState(urlTab);
  useEffect(() => setTab(urlTab), [urlTab]);
  const { hash } = useLocation();
  /**
   * 'Forgot password?' open in the sign-in tab, with the address it started from; the reset mail's
   * button (?reset=code, the address in the fragment) opens it at the code.
   */
  const mailedReset = useMemo(() => {
    if (params.get('reset') !== 'code') return null;
    const encoded = new URLSearchParams(hash.slice(1)).get(LINK_ADDRESS_PARAM);
    return encoded === null ? '' : (decodeLinkAddress(encoded) ?? '');
  }, [params, hash]);
  const [resetFrom, setResetFrom] = useState<string | null>(mailedReset);
  /** The address the sign-in form starts with: the link's, or the one a password was just reset for. */
  const urlEmail = params.get('email') ?? invitation?.email ?? '';
  const [signInEmail, setSignInEmail] = useState(urlEmail);
  useEffect(() => setSignInEmail(urlEmail), [urlEmail]);
  useDocumentTitle(resetFrom !== null && tab === 'signin' ? 'Reset password' : TITLES[tab]);

  const finishReset = (email: string | null) => {
    setResetFrom(null);
    if (email) setSignInEmail(email);
  };

  const selectTab = (next: Tab) => {
    setTab(next);
    setResetFrom(null);
    setParams(
      (prev) => {
        const copy = new URLSearchParams(prev);
        copy.set('tab', next);
        return copy;
      },
      { replace: true },
    );
  };

  return (
    <main className="auth-page">
      <div className="auth-brand">
        <Brand />
      </div>
      <div className="card auth-card">
        <header className="auth-header">
          <h1>{PRODUCT_NAME}</h1>
          <p className="muted">{TAGLINE}</p>
        </header>
        {inviterName && (
          <p className="auth-invitation" role="status">
            {`${inviterName} invited you to share renewals`}
          </p>
        )}
        <Tabs
          label="Sign in or sign up"
          value={tab}
          onValueChange={selectTab}
          tabs={[
            {
              value: 'signin',
              label: 'Sign In',
              content:
                resetFrom === null ? (
                  <SignInForm key={signInEmail} initialEmail={signInEmail} onForgotPassword={setResetFrom} />
                ) : (
                  <ForgotPassword
                    initialEmail={resetFrom}
                    hasCode={mailedReset !== null && resetFrom === mailedReset}
                    onDone={finishReset}
                  />
                ),
            },
            {
              value: 'signup',
              label: 'Sign Up',
              content: (
                <SignUpForm initialEmail={invitation?.email ?? ''} onSignIn={() => selectTab('signin')} />
              ),
            },
          ]}
        />
      </div>
    </main>
  );
}

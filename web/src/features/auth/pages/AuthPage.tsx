import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PRODUCT_NAME, TAGLINE } from '#shared/brand.ts';
import { Brand } from '../../../components/Brand.tsx';
import { Tabs } from '../../../components/Tabs.tsx';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle.ts';
import { SignInForm } from '../components/SignInForm.tsx';
import { SignUpForm } from '../components/SignUpForm.tsx';
import './AuthPage.css';

type Tab = 'signin' | 'signup';
const TITLES: Record<Tab, string> = { signin: 'Sign in', signup: 'Sign up' };

/** /auth: sign in or sign up, the tab kept in ?tab= so a link can open either. */
export default function AuthPage() {
  const [params, setParams] = useSearchParams();
  const urlTab: Tab = params.get('tab') === 'signup' ? 'signup' : 'signin';
  // The tab shows at once; the address (a router transition) follows, and a new address wins.
  const [tab, setTab] = useState(urlTab);
  useEffect(() => setTab(urlTab), [urlTab]);
  useDocumentTitle(TITLES[tab]);

  const selectTab = (next: Tab) => {
    setTab(next);
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
        <Tabs
          label="Sign in or sign up"
          value={tab}
          onValueChange={selectTab}
          tabs={[
            {
              value: 'signin',
              label: 'Sign In',
              content: <SignInForm initialEmail={params.get('email') ?? ''} />,
            },
            {
              value: 'signup',
              label: 'Sign Up',
              content: <SignUpForm onCreated={() => selectTab('signin')} />,
            },
          ]}
        />
      </div>
    </main>
  );
}

import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PRODUCT_NAME, TAGLINE } from '#shared/brand.ts';
import { COUNTRIES, DEFAULT_COUNTRY } from '#shared/locales.ts';
import { signInSchema, signUpSchema } from '#shared/schemas.ts';
import { Brand } from '../components/Brand.tsx';
import { Field } from '../components/Field.tsx';
import { refreshSession, signInWithPassword, signUpAccount } from '../auth/session.ts';
import { useDocumentTitle } from '../lib/useDocumentTitle.ts';
import { sleep } from '../lib/sleep.ts';

type Tab = 'signin' | 'signup';
const TABS: { id: Tab; label: string }[] = [
  { id: 'signin', label: 'Sign In' },
  { id: 'signup', label: 'Sign Up' },
];

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'An unexpected error occurred';
}

export default function AuthPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'signup' ? 'signup' : 'signin';
  const [error, setError] = useState<string | null>(null);
  const baseId = useId();
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ signin: null, signup: null });
  useDocumentTitle(tab === 'signin' ? 'Sign in' : 'Sign up');

  const selectTab = (next: Tab) => {
    setError(null);
    setParams(
      (prev) => {
        const copy = new URLSearchParams(prev);
        copy.set('tab', next);
        return copy;
      },
      { replace: true },
    );
  };

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next: Tab =
      event.key === 'Home'
        ? 'signin'
        : event.key === 'End'
          ? 'signup'
          : tab === 'signin'
            ? 'signup'
            : 'signin';
    selectTab(next);
    tabRefs.current[next]?.focus();
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
        <div role="tablist" aria-label="Sign in or sign up" className="tabs">
          {TABS.map((t) => (
            <button
              key={t.id}
              ref={(el) => {
                tabRefs.current[t.id] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${t.id}`}
              aria-controls={`${baseId}-panel-${t.id}`}
              aria-selected={tab === t.id}
              tabIndex={tab === t.id ? 0 : -1}
              className="tab"
              onClick={() => selectTab(t.id)}
              onKeyDown={onTabKeyDown}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`${baseId}-panel-${tab}`} aria-labelledby={`${baseId}-tab-${tab}`}>
          {tab === 'signin' ? (
            <SignInForm initialEmail={params.get('email') ?? ''} onError={setError} />
          ) : (
            <SignUpForm
              onError={setError}
              onCreated={() => {
                selectTab('signin');
              }}
            />
          )}
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
        </div>
      </div>
    </main>
  );
}

function SignInForm({
  initialEmail,
  onError,
}: {
  initialEmail: string;
  onError: (m: string | null) => void;
}) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(signInSchema), defaultValues: { email: initialEmail, password: '' } });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    onError(null);
    try {
      await signInWithPassword(email, password);
      queryClient.clear();
      // Spec section 4: redirect after 100 ms. The /auth guard navigates once the session is published.
      await sleep(100);
      await refreshSession();
    } catch (err) {
      const message = errorMessage(err);
      onError(message);
      toast.error('Login Error', { description: message });
    }
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <Field label="Email" error={errors.email?.message}>
        {(props) => <input {...props} type="email" autoComplete="email" {...register('email')} />}
      </Field>
      <Field label="Password" error={errors.password?.message}>
        {(props) => (
          <input {...props} type="password" autoComplete="current-password" {...register('password')} />
        )}
      </Field>
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in...' : 'Sign In'}
      </button>
    </form>
  );
}

const SIGN_UP_DEFAULTS = {
  email: '',
  password: '',
  first_name: '',
  last_name: '',
  country: DEFAULT_COUNTRY,
  marketing_consent: false,
};

function SignUpForm({ onError, onCreated }: { onError: (m: string | null) => void; onCreated: () => void }) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(signUpSchema), defaultValues: SIGN_UP_DEFAULTS });

  const onSubmit = handleSubmit(async (values) => {
    onError(null);
    try {
      await signUpAccount(values);
      reset(SIGN_UP_DEFAULTS);
      onCreated();
      toast.success('Account created successfully!', {
        description: 'Please check your email to confirm your account.',
      });
    } catch (err) {
      const message = errorMessage(err);
      onError(message);
      toast.error('Signup Error', { description: message });
    }
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <Field label="Email" error={errors.email?.message}>
        {(props) => <input {...props} type="email" autoComplete="email" {...register('email')} />}
      </Field>
      <Field label="Password" error={errors.password?.message}>
        {(props) => (
          <input {...props} type="password" autoComplete="new-password" {...register('password')} />
        )}
      </Field>
      <div className="form-row">
        <Field label="First Name *" error={errors.first_name?.message}>
          {(props) => <input {...props} type="text" autoComplete="given-name" {...register('first_name')} />}
        </Field>
        <Field label="Last Name" error={errors.last_name?.message}>
          {(props) => <input {...props} type="text" autoComplete="family-name" {...register('last_name')} />}
        </Field>
      </div>
      <Field label="Country *" error={errors.country?.message}>
        {(props) => (
          <select {...props} autoComplete="country" {...register('country')}>
            {COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <label className="checkbox">
        <input type="checkbox" {...register('marketing_consent')} />
        <span>I consent to receiving marketing communications</span>
      </label>
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
        {isSubmitting ? 'Creating account...' : 'Create Account'}
      </button>
    </form>
  );
}

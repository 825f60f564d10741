import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { maskEmail } from '#shared/identity.ts';
import { DEFAULT_COUNTRY } from '#shared/locales.ts';
import { ACCOUNT_MESSAGES } from '#shared/messages.ts';
import { signUpSchema } from '#shared/schemas/account.ts';
import { CountrySelect } from '../../../components/form/CountrySelect.tsx';
import { Field } from '../../../components/form/Field.tsx';
import { Form, FormError, SubmitButton } from '../../../components/form/Form.tsx';
import { MARKETING_CONSENT, NameFields } from '../../../components/form/NameFields.tsx';
import { reportSubmitError } from '../../../components/form/submit-error.ts';
import { CredentialFields } from './CredentialFields.tsx';
import { ResendConfirmation } from './ResendConfirmation.tsx';
import { signUpAccount, type SignUpValues } from '../session.ts';
import { keepReturnTo } from '../link-secret.ts';

const SIGN_UP_DEFAULTS = {
  email: '',
  password: '',
  first_name: '',
  last_name: '',
  country: DEFAULT_COUNTRY,
  marketing_consent: false,
};

/**
 * After 'Create Account', a panel that stays: where the link went, a way to send it again, and the
 * way to sign in once it is confirmed.
 */
function CheckEmail({ email, onSignIn }: { email: string; onSignIn: () => void }) {
  return (
    <section className="check-email" aria-labelledby="check-email-heading" role="status">
      <h2 id="check-email-heading">{ACCOUNT_MESSAGES.checkEmail}</h2>
      <p>{ACCOUNT_MESSAGES.checkEmailText}</p>
      <p className="muted">Sent to {maskEmail(email)}. Open the link in it to confirm your address.</p>
      <ResendConfirmation email={email} className="btn btn-outline btn-block" />
      <button type="button" className="btn btn-ghost btn-block" onClick={onSignIn}>
        Sign in
      </button>
    </section>
  );
}

/** `initialEmail`: the address to start with (an invitation's, from its link). */
export function SignUpForm({ initialEmail = '', onSignIn }: { initialEmail?: string; onSignIn: () => void }) {
  const form = useForm({
    resolver: zodResolver(signUpSchema),
    defaultValues: { ...SIGN_UP_DEFAULTS, email: initialEmail },
  });
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = async (values: SignUpValues) => {
    try {
      await signUpAccount(values);
      // Signing up from a guarded page (an invitation's link): the confirmation link comes back to it.
      keepReturnTo(values.email, new URLSearchParams(window.location.search).get('redirect'));
      form.reset(SIGN_UP_DEFAULTS);
      setSentTo(values.email);
      toast.success('Account created successfully!', {
        description: 'Please check your email to confirm your account.',
      });
    } catch (error) {
      reportSubmitError(form, error, 'Signup Error', { inline: true });
    }
  };

  if (sentTo) return <CheckEmail email={sentTo} onSignIn={onSignIn} />;
  return (
    <Form form={form} onSubmit={onSubmit}>
      <CredentialFields password="new-password" />
      <NameFields required />
      <CountrySelect label="Country *" />
      <Field name="marketing_consent" label={MARKETING_CONSENT} type="checkbox" />
      <SubmitButton className="btn btn-primary btn-block" pendingLabel="Creating account...">
        Create Account
      </SubmitButton>
      <FormError />
    </Form>
  );
}

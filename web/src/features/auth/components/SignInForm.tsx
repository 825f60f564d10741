import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ACCOUNT_MESSAGES } from '#shared/messages.ts';
import { signInSchema } from '#shared/schemas/account.ts';
import { Form, FormError, SubmitButton } from '../../../components/form/Form.tsx';
import { CredentialFields } from './CredentialFields.tsx';
import { sleep } from '../../../utils/sleep.ts';
import { NOT_CONFIRMED, signInError } from '../account-errors.ts';
import { refreshSession, signInWithPassword } from '../session.ts';
import { ResendConfirmation } from './ResendConfirmation.tsx';

/** How long after signing in the page moves on, so the new session is stored everywhere first. */
const REDIRECT_DELAY_MS = 100;

export function SignInForm({
  initialEmail,
  onForgotPassword,
}: {
  initialEmail: string;
  /** 'Forgot password?', with the address typed so far. */
  onForgotPassword: (email: string) => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: initialEmail, password: '' },
  });
  /** The address Cognito said is not confirmed yet: the form offers a fresh confirmation link. */
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);

  const onSubmit = async ({ email, password }: { email: string; password: string }) => {
    setUnconfirmed(null);
    try {
      await signInWithPassword(email, password);
      queryClient.clear();
      // The /auth guard navigates once the session is published.
      await sleep(REDIRECT_DELAY_MS);
      await refreshSession();
    } catch (error) {
      const message = signInError(error);
      if (error instanceof Error && error.name === NOT_CONFIRMED) setUnconfirmed(email);
      form.setError('root.server', { message });
      toast.error(ACCOUNT_MESSAGES.loginErrorTitle, { description: message });
    }
  };

  return (
    <Form form={form} onSubmit={onSubmit}>
      <CredentialFields password="current-password" />
      <SubmitButton className="btn btn-primary btn-block" pendingLabel="Signing in...">
        Sign In
      </SubmitButton>
      <FormError />
      {unconfirmed && <ResendConfirmation email={unconfirmed} className="btn btn-outline btn-block" />}
      <button
        type="button"
        className="btn btn-ghost btn-sm auth-forgot"
        onClick={() => onForgotPassword(form.getValues('email'))}
      >
        Forgot password?
      </button>
    </Form>
  );
}

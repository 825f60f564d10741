import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { signInSchema } from '#shared/schemas.ts';
import { Form, FormError, SubmitButton } from '../../../components/form/Form.tsx';
import { reportSubmitError } from '../../../components/form/submit-error.ts';
import { CredentialFields } from './CredentialFields.tsx';
import { sleep } from '../../../utils/sleep.ts';
import { refreshSession, signInWithPassword } from '../session.ts';

/** How long after signing in the page moves on, so the new session is stored everywhere first. */
const REDIRECT_DELAY_MS = 100;

export function SignInForm({ initialEmail }: { initialEmail: string }) {
  const queryClient = useQueryClient();
  const form = useForm({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: initialEmail, password: '' },
  });

  const onSubmit = async ({ email, password }: { email: string; password: string }) => {
    try {
      await signInWithPassword(email, password);
      queryClient.clear();
      // The /auth guard navigates once the session is published.
      await sleep(REDIRECT_DELAY_MS);
      await refreshSession();
    } catch (error) {
      reportSubmitError(form, error, 'Login Error', { inline: true });
    }
  };

  return (
    <Form form={form} onSubmit={onSubmit}>
      <CredentialFields password="current-password" />
      <SubmitButton className="btn btn-primary btn-block" pendingLabel="Signing in...">
        Sign In
      </SubmitButton>
      <FormError />
    </Form>
  );
}

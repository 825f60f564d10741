import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ACCOUNT_MESSAGES } from '#shared/messages.ts';
import { forgotPasswordSchema, resetPasswordSchema } from '#shared/schemas/account.ts';
import { Field } from '../../../components/form/Field.tsx';
import { Form, FormError, SubmitButton } from '../../../components/form/Form.tsx';
import { resetConfirmError, resetRequestError } from '../account-errors.ts';
import { confirmPasswordReset, requestPasswordReset } from '../session.ts';

type ResetValues = z.output<typeof resetPasswordSchema>;

/**
 * Step one: the address. Unknown addresses go on to step two like known ones. 'I already have a
 * code' goes there with the address, asking for no new code.
 */
function RequestCodeForm({
  initialEmail,
  onSent,
}: {
  initialEmail: string;
  onSent: (email: string) => void;
}) {
  const form = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: initialEmail },
  });
  const onSubmit = async ({ email }: { email: string }) => {
    try {
      await requestPasswordReset(email);
    } catch (error) {
      const message = resetRequestError(error);
      if (message !== null) {
        form.setError('root.server', { message });
        toast.error('Error', { description: message });
        return;
      }
    }
    onSent(email);
  };
  return (
    <Form form={form} onSubmit={onSubmit}>
      <Field name="email" label="Email" type="email" autoComplete="email" />
      <SubmitButton className="btn btn-primary btn-block" pendingLabel="Sending...">
        Send reset code
      </SubmitButton>
      <FormError />
      <button
        type="button"
        className="btn btn-ghost btn-sm btn-block"
        onClick={() => void form.trigger('email').then((valid) => valid && onSent(form.getValues('email')))}
      >
        {ACCOUNT_MESSAGES.haveCode}
      </button>
    </Form>
  );
}

/** Step two: the mailed code and the new password (the sign-up rule). */
function ResetForm({ email, onDone }: { email: string; onDone: () => void }) {
  const form = useForm({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { code: '', new_password: '' },
  });
  const onSubmit = async ({ code, new_password }: ResetValues) => {
    try {
      await confirmPasswordReset(email, code, new_password);
    } catch (error) {
      const mapped = resetConfirmError(error);
      form.setError(mapped.field ?? 'root.server', { message: mapped.message });
      return;
    }
    toast.success(ACCOUNT_MESSAGES.passwordUpdated, {
      description: ACCOUNT_MESSAGES.passwordUpdatedDescription,
    });
    onDone();
  };
  return (
    <Form form={form} onSubmit={onSubmit}>
      <p className="muted" role="status">
        {ACCOUNT_MESSAGES.resetCodeSent}
      </p>
      <Field name="code" label="Code" type="text" inputMode="numeric" autoComplete="one-time-code" />
      <Field name="new_password" label="New password" type="password" autoComplete="new-password" />
      <SubmitButton className="btn btn-primary btn-block" pendingLabel="Resetting...">
        Reset Password
      </SubmitButton>
      <FormError />
    </Form>
  );
}

/**
 * 'Forgot password?': the address, then the mailed code with a new password; `hasCode` (the reset
 * mail's button) starts at the code for `initialEmail`. `onDone` gets the address once the password
 * is reset (the sign-in tab opens with it), or null on 'Back to sign in'.
 */
export function ForgotPassword({
  initialEmail,
  hasCode = false,
  onDone,
}: {
  initialEmail: string;
  hasCode?: boolean;
  onDone: (email: string | null) => void;
}) {
  const [sentTo, setSentTo] = useState<string | null>(hasCode && initialEmail ? initialEmail : null);
  return (
    <section aria-labelledby="reset-heading">
      <h2 id="reset-heading" className="auth-subheading">
        Reset your password
      </h2>
      {sentTo === null ? (
        <RequestCodeForm initialEmail={initialEmail} onSent={setSentTo} />
      ) : (
        <ResetForm email={sentTo} onDone={() => onDone(sentTo)} />
      )}
      <button type="button" className="btn btn-ghost btn-sm btn-block auth-back" onClick={() => onDone(null)}>
        Back to sign in
      </button>
    </section>
  );
}

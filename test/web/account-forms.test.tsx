/**
 * The account forms: sign-in errors (a wrong password and an unknown address read the same), the
 * unconfirmed address with its resend button, the forgot-password steps (the same next step for any
 * address), and the password change (a wrong current password on its field). Cognito is stubbed at
 * the session module; errors carry Cognito's exception names, as Amplify's do.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster, toast } from 'sonner';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '#shared/messages.ts';
import { MESSAGES } from '#shared/schemas/fields.ts';

const session = vi.hoisted(() => ({
  signInWithPassword: vi.fn<(email: string, password: string) => Promise<void>>(),
  refreshSession: vi.fn(async () => ({ status: 'signedOut' as const })),
  resendConfirmation: vi.fn<(email: string) => Promise<void>>(),
  requestPasswordReset: vi.fn<(email: string) => Promise<void>>(),
  confirmPasswordReset: vi.fn<(email: string, code: string, password: string) => Promise<void>>(),
  changePassword: vi.fn<(current: string, next: string) => Promise<void>>(),
  signUpAccount: vi.fn<(values: unknown) => Promise<void>>(),
}));
vi.mock('../../web/src/features/auth/session.ts', () => session);

const { SignInForm } = await import('../../web/src/features/auth/components/SignInForm.tsx');
const { ForgotPassword } = await import('../../web/src/features/auth/components/ForgotPassword.tsx');
const { SignUpForm } = await import('../../web/src/features/auth/components/SignUpForm.tsx');
const { ChangePasswordCard } =
  await import('../../web/src/features/settings/components/ChangePasswordCard.tsx');

function cognitoError(name: string, message = 'from Cognito'): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

function renderUi(ui: ReactElement) {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  // Sonner keeps its toasts in a module-level store: start each test without the last one's.
  toast.dismiss();
  for (const fn of Object.values(session)) fn.mockReset();
});

describe('SignInForm', () => {
  it.each([
    ['NotAuthorizedException', 'Incorrect username or password.'],
    ['NotAuthorizedException', 'User not authorized'],
    ['UserNotFoundException', 'User does not exist.'],
  ])(
    'says "Incorrect email or password." inline and in the Login Error toast for %s (%s)',
    async (name, message) => {
      session.signInWithPassword.mockRejectedValue(cognitoError(name, message));
      const user = renderUi(<SignInForm initialEmail="ann@example.com" onForgotPassword={vi.fn()} />);
      await user.type(screen.getByLabelText('Password'), 'wrong-one');
      await user.click(screen.getByRole('button', { name: 'Sign In' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.incorrectCredentials);
      expect(await screen.findByText('Login Error')).toBeInTheDocument();
      expect(screen.getAllByText(ACCOUNT_MESSAGES.incorrectCredentials)).toHaveLength(2);
      expect(screen.queryByRole('button', { name: ACCOUNT_MESSAGES.resendConfirmation })).toBeNull();
    },
  );

  it('maps a rate limit to a clear message', async () => {
    session.signInWithPassword.mockRejectedValue(cognitoError('LimitExceededException'));
    const user = renderUi(<SignInForm initialEmail="ann@example.com" onForgotPassword={vi.fn()} />);
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.tooManyAttempts);
  });

  it('offers a fresh confirmation e-mail for an unconfirmed address, and says it was sent', async () => {
    session.signInWithPassword.mockRejectedValue(
      cognitoError('UserNotConfirmedException', 'Email not confirmed'),
    );
    session.resendConfirmation.mockResolvedValue();
    const user = renderUi(<SignInForm initialEmail="new@example.com" onForgotPassword={vi.fn()} />);
    await user.type(screen.getByLabelText('Password'), 'Secret-123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.emailNotConfirmed);
    await user.click(screen.getByRole('button', { name: ACCOUNT_MESSAGES.resendConfirmation }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.confirmationSent)).toBeInTheDocument();
    expect(session.resendConfirmation).toHaveBeenCalledWith('new@example.com');
  });

  it('validates before calling Cognito, and hands the typed address to "Forgot password?"', async () => {
    const onForgotPassword = vi.fn();
    const user = renderUi(<SignInForm initialEmail="" onForgotPassword={onForgotPassword} />);
    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(session.signInWithPassword).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(onForgotPassword).toHaveBeenCalledWith('not-an-address');
  });
});

describe('SignUpForm', () => {
  it("after 'Create Account', a lasting panel: where the link went, resend, and sign in", async () => {
    session.signUpAccount.mockResolvedValue(undefined);
    session.resendConfirmation.mockResolvedValue(undefined);
    const onSignIn = vi.fn();
    const user = renderUi(<SignUpForm onSignIn={onSignIn} />);
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret-123');
    await user.type(screen.getByLabelText(/^First Name/), 'Jane');
    await user.type(screen.getByLabelText(/^Last Name/), 'Doe');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('heading', { name: ACCOUNT_MESSAGES.checkEmail })).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_MESSAGES.checkEmailText)).toBeInTheDocument();
    expect(screen.getByText(/Sent to j•••@example\.com/)).toBeInTheDocument();
    // The spec's toast still shows.
    expect(await screen.findByText('Account created successfully!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: ACCOUNT_MESSAGES.resendConfirmation }));
    await waitFor(() => expect(session.resendConfirmation).toHaveBeenCalledWith('jane@example.com'));
    expect(await screen.findByText(ACCOUNT_MESSAGES.confirmationSent)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onSignIn).toHaveBeenCalled();
  });
});

describe('ForgotPassword', () => {
  async function requestCode(answer: () => Promise<void>, onDone = vi.fn()) {
    session.requestPasswordReset.mockImplementation(answer);
    const user = renderUi(<ForgotPassword initialEmail="ann@example.com" onDone={onDone} />);
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    return { user, onDone };
  }

  it.each([
    ['a known address', async () => undefined],
    [
      'an unknown address (UserNotFoundException)',
      async () => Promise.reject(cognitoError('UserNotFoundException')),
    ],
    [
      'an unconfirmed address (InvalidParameterException)',
      async () => Promise.reject(cognitoError('InvalidParameterException')),
    ],
  ])('goes on to the code form for %s', async (_label, answer) => {
    await requestCode(answer);
    expect(await screen.findByText(ACCOUNT_MESSAGES.resetCodeSent)).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
  });

  it('stays on the address form with a clear message when Cognito rate-limits', async () => {
    await requestCode(async () =>
      Promise.reject(cognitoError('LimitExceededException', 'Attempt limit exceeded')),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.tooManyAttempts);
    expect(screen.queryByLabelText('Code')).toBeNull();
  });

  it('checks the code and the new password with the sign-up rule, then resets and says so', async () => {
    session.confirmPasswordReset.mockResolvedValue();
    const { user, onDone } = await requestCode(async () => undefined);
    await user.type(await screen.findByLabelText('New password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(MESSAGES.codeRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordMin)).toBeInTheDocument();
    expect(session.confirmPasswordReset).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Code'), ' 123 456 ');
    await user.type(screen.getByLabelText('New password'), '6');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('ann@example.com'));
    expect(session.confirmPasswordReset).toHaveBeenCalledWith('ann@example.com', '123456', '123456');
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordUpdated)).toBeInTheDocument();
  });

  it.each([
    ['CodeMismatchException', ACCOUNT_MESSAGES.wrongCode],
    ['UserNotFoundException', ACCOUNT_MESSAGES.wrongCode],
    ['ExpiredCodeException', ACCOUNT_MESSAGES.expiredCode],
  ])('puts %s on the code field', async (name, message) => {
    session.confirmPasswordReset.mockRejectedValue(cognitoError(name));
    const { user, onDone } = await requestCode(async () => undefined);
    const code = await screen.findByLabelText('Code');
    await user.type(code, '000000');
    await user.type(screen.getByLabelText('New password'), 'Secret-123');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('ChangePasswordCard', () => {
  it('puts a wrong current password on its field', async () => {
    session.changePassword.mockRejectedValue(
      cognitoError('NotAuthorizedException', 'Incorrect username or password.'),
    );
    const user = renderUi(<ChangePasswordCard />);
    const current = screen.getByLabelText('Current password');
    await user.type(current, 'not-it');
    await user.type(screen.getByLabelText('New password'), 'Changed-789');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.wrongCurrentPassword)).toBeInTheDocument();
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveAccessibleDescription(ACCOUNT_MESSAGES.wrongCurrentPassword);
  });

  it('validates with the sign-up rule, then updates, clears the form and says "Password updated"', async () => {
    session.changePassword.mockResolvedValue();
    const user = renderUi(<ChangePasswordCard />);
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(MESSAGES.currentPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordMin)).toBeInTheDocument();
    expect(session.changePassword).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Current password'), 'Secret-123');
    await user.type(screen.getByLabelText('New password'), '-789');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordUpdated)).toBeInTheDocument();
    expect(session.changePassword).toHaveBeenCalledWith('Secret-123', 'short-789');
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });
});

/**
 * The confirmation link's sign-in in the browser (decisions 0023, 0028), with Amplify stubbed: the
 * browser that signed up keeps a secret, and only there does the link send its SHA-256 with ConfirmSignUp, answers the custom challenge with the
 * secret itself, and falls back to "Email confirmed" whenever it is not signed in. The callback page
 * shows the spec's toasts and goes to /dashboard or the Sign In tab.
 */
import { createHash } from 'node:crypto';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Toaster, toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeLinkAddress, LINK_SIGN_IN_METADATA_KEY, LINK_TOKEN_PATTERN } from '#shared/linkSignIn.ts';

const amplify = vi.hoisted(() => ({
  confirmSignUp: vi.fn(),
  signIn: vi.fn(),
  confirmSignIn: vi.fn(),
  fetchAuthSession: vi.fn(),
  signOut: vi.fn(async () => undefined),
  confirmResetPassword: vi.fn(),
  resendSignUpCode: vi.fn(),
  resetPassword: vi.fn(),
  signUp: vi.fn(),
  updatePassword: vi.fn(),
}));
vi.mock('aws-amplify/auth', () => amplify);
vi.mock('aws-amplify/utils', () => ({ Hub: { listen: vi.fn() } }));
vi.mock('../../web/src/features/auth/amplify.ts', () => ({ ensureAmplify: vi.fn(async () => ({})) }));

const { confirmAccount, signUpAccount } = await import('../../web/src/features/auth/session.ts');

/** Signs `email` up in this browser, as the Sign Up form does: the browser keeps the link's secret. */
async function signedUpHere(email = 'a@example.com') {
  await signUpAccount({
    email,
    password: 'Secret-123',
    first_name: 'Ann',
    last_name: '',
    country: 'GB',
    marketing_consent: false,
  } as Parameters<typeof signUpAccount>[0]);
}

function cognitoError(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

const signedInSession = {
  tokens: { accessToken: { payload: { sub: 'u1' } }, idToken: { payload: { email: 'a@example.com' } } },
  userSub: 'u1',
};

beforeEach(() => {
  window.localStorage.clear();
  for (const fn of Object.values(amplify)) fn.mockReset();
  amplify.signUp.mockResolvedValue({ isSignUpComplete: false, nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } });
  amplify.confirmSignUp.mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } });
  amplify.signIn.mockResolvedValue({
    isSignedIn: false,
    nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE' },
  });
  amplify.confirmSignIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
  // Nobody signed in before; signed in after the challenge.
  amplify.fetchAuthSession.mockResolvedValueOnce({}).mockResolvedValue(signedInSession);
});

describe('confirmAccount', () => {
  it('in the browser that signed up, sends the verifier with the confirmation and answers the challenge with its secret', async () => {
    await signedUpHere();
    expect(await confirmAccount('a@example.com', '123456')).toBe('signedIn');
    const confirm = amplify.confirmSignUp.mock.calls[0]![0] as {
      username: string;
      confirmationCode: string;
      options: { clientMetadata: Record<string, string> };
    };
    expect(confirm).toMatchObject({ username: 'a@example.com', confirmationCode: '123456' });
    const verifier = confirm.options.clientMetadata[LINK_SIGN_IN_METADATA_KEY]!;
    expect(Object.keys(confirm.options.clientMetadata)).toEqual([LINK_SIGN_IN_METADATA_KEY]);
    expect(amplify.signIn).toHaveBeenCalledWith({
      username: 'a@example.com',
      options: { authFlowType: 'CUSTOM_WITHOUT_SRP' },
    });
    const secret = (amplify.confirmSignIn.mock.calls[0]![0] as { challengeResponse: string })
      .challengeResponse;
    expect(secret).toMatch(LINK_TOKEN_PATTERN);
    expect(verifier).toBe(createHash('sha256').update(secret).digest('base64url'));
    expect(verifier).not.toBe(secret);
  });

  it('makes a new secret every time', async () => {
    await signedUpHere();
    await confirmAccount('a@example.com', '123456');
    amplify.fetchAuthSession.mockReset().mockResolvedValueOnce({}).mockResolvedValue(signedInSession);
    await signedUpHere();
    await confirmAccount('a@example.com', '123456');
    const [first, second] = amplify.confirmSignIn.mock.calls.map(
      (call) => (call[0] as { challengeResponse: string }).challengeResponse,
    );
    expect(first).not.toBe(second);
  });

  it('signs another account out of this browser before signing in', async () => {
    await signedUpHere();
    amplify.fetchAuthSession.mockReset().mockResolvedValue(signedInSession);
    expect(await confirmAccount('a@example.com', '123456')).toBe('signedIn');
    expect(amplify.signOut).toHaveBeenCalled();
    expect(amplify.signOut.mock.invocationCallOrder[0]).toBeLessThan(
      amplify.signIn.mock.invocationCallOrder[0]!,
    );
  });

  it('says "confirmed" without trying to sign in when the link was opened before', async () => {
    amplify.confirmSignUp.mockRejectedValue(
      cognitoError('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED'),
    );
    expect(await confirmAccount('a@example.com', '123456')).toBe('confirmed');
    expect(amplify.signIn).not.toHaveBeenCalled();
    expect(amplify.signOut).not.toHaveBeenCalled();
  });

  it('says "confirmed" when Cognito does not sign in (refused, expired, unavailable)', async () => {
    await signedUpHere();
    amplify.confirmSignIn.mockResolvedValueOnce({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE' },
    });
    expect(await confirmAccount('a@example.com', '123456')).toBe('confirmed');
    await signedUpHere();
    amplify.confirmSignIn.mockRejectedValueOnce(
      cognitoError('NotAuthorizedException', 'Incorrect username or password.'),
    );
    expect(await confirmAccount('a@example.com', '123456')).toBe('confirmed');
    await signedUpHere();
    amplify.signIn.mockRejectedValueOnce(cognitoError('UserLambdaValidationException', 'failed'));
    expect(await confirmAccount('a@example.com', '123456')).toBe('confirmed');
  });

  it('in any other browser, only confirms: no verifier goes with the confirmation and nobody is signed in', async () => {
    // The pre-account takeover: someone else signed up with this address and chose the password.
    await signedUpHere('someone.else@example.com');
    expect(await confirmAccount('a@example.com', '123456')).toBe('confirmed');
    expect(amplify.confirmSignUp).toHaveBeenCalledWith({
      username: 'a@example.com',
      confirmationCode: '123456',
    });
    expect(amplify.signIn).not.toHaveBeenCalled();
    expect(amplify.confirmSignIn).not.toHaveBeenCalled();
  });

  it('keeps the secret under the address in any letter case, and forgets it once the link is used', async () => {
    await signedUpHere('A@Example.com');
    expect(await confirmAccount('a@example.com', '123456')).toBe('signedIn');
    amplify.fetchAuthSession.mockReset().mockResolvedValueOnce({}).mockResolvedValue(signedInSession);
    // Opened again: Cognito confirms once.
    amplify.confirmSignUp.mockRejectedValueOnce(
      cognitoError('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED'),
    );
    expect(await confirmAccount('a@example.com', '123456')).toBe('confirmed');
    expect(amplify.signIn).toHaveBeenCalledTimes(1);
    expect(window.localStorage.length).toBe(0);
  });

  it('lets a wrong or expired code fail as before', async () => {
    amplify.confirmSignUp.mockRejectedValue(
      cognitoError('CodeMismatchException', 'Invalid verification code'),
    );
    await expect(confirmAccount('a@example.com', '000000')).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
    expect(amplify.signIn).not.toHaveBeenCalled();
  });
});

/** The session module as the callback page sees it, in the page's tests. */
const outcome = { confirmAccount: vi.fn<() => Promise<'signedIn' | 'confirmed'>>() };

describe('/auth/callback', () => {
  async function openCallback(search: string) {
    vi.doMock('../../web/src/features/auth/session.ts', () => outcome);
    const { default: AuthCallbackPage } =
      await import('../../web/src/features/auth/pages/AuthCallbackPage.tsx');
    function Where() {
      const location = useLocation();
      return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
    }
    render(
      <MemoryRouter initialEntries={[`/auth/callback${search}`]}>
        <Routes>
          <Route path="/auth/callback" element={<AuthCallbackPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
        <Toaster />
      </MemoryRouter>,
    );
  }

  beforeEach(() => {
    toast.dismiss();
    outcome.confirmAccount.mockReset();
  });

  it("signed in: 'Welcome!' / 'You've been successfully signed in.' and /dashboard", async () => {
    outcome.confirmAccount.mockResolvedValue('signedIn');
    await openCallback('?email=a%40example.com&code=123456');
    expect(await screen.findByText('Welcome!')).toBeInTheDocument();
    expect(screen.getByText("You've been successfully signed in.")).toBeInTheDocument();
    expect((await screen.findByTestId('where')).textContent).toBe('/dashboard');
    expect(outcome.confirmAccount).toHaveBeenCalledWith('a@example.com', '123456');
  });

  it('signed in after signing up from a guarded page (an invitation): back to that page, once', async () => {
    const { keepReturnTo } = await import('../../web/src/features/auth/link-secret.ts');
    keepReturnTo('A@example.com', '/household/join?token=abc');
    outcome.confirmAccount.mockResolvedValue('signedIn');
    await openCallback('?email=a%40example.com&code=123456');
    expect((await screen.findByTestId('where')).textContent).toBe('/household/join?token=abc');
    expect(window.localStorage.getItem('rr-link-return:a@example.com')).toBeNull();
  });

  it('reads the address from the fragment of the links mailed now', async () => {
    outcome.confirmAccount.mockResolvedValue('signedIn');
    await openCallback(`?code=123456#u=${encodeLinkAddress('a+b@example.com')}`);
    expect((await screen.findByTestId('where')).textContent).toBe('/dashboard');
    expect(outcome.confirmAccount).toHaveBeenCalledWith('a+b@example.com', '123456');
  });

  it("confirmed only: 'Email confirmed' / 'Please sign in.' and the Sign In tab with the address", async () => {
    outcome.confirmAccount.mockResolvedValue('confirmed');
    await openCallback('?email=a%40example.com&code=123456');
    expect(await screen.findByText('Email confirmed')).toBeInTheDocument();
    expect(screen.getByText('Please sign in.')).toBeInTheDocument();
    expect((await screen.findByTestId('where')).textContent).toBe('/auth?tab=signin&email=a%40example.com');
  });

  it.each([
    ['CodeMismatchException', 'This link was replaced by a newer one. Use the latest e-mail, or sign in.'],
    ['ExpiredCodeException', 'This link has expired. Sign in, and we will offer to send a new one.'],
    [
      'InternalErrorException',
      'We could not confirm your address with this link. Use the latest e-mail, or sign in.',
    ],
  ])(
    'a link that cannot confirm (%s) says so in words, never the raw error, on the Sign In tab',
    async (name, words) => {
      outcome.confirmAccount.mockRejectedValue(
        Object.assign(new Error('Incorrect confirmation code'), { name }),
      );
      await openCallback('?email=a%40example.com&code=123456');
      expect(await screen.findByText(words)).toBeInTheDocument();
      expect(screen.queryByText('Incorrect confirmation code')).toBeNull();
      expect((await screen.findByTestId('where')).textContent).toBe('/auth?tab=signin&email=a%40example.com');
    },
  );
});

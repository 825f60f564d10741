/**
 * Ending every session from the browser (decision 0050), with Amplify stubbed and the API's answers
 * stubbed: 'Sign out everywhere' in Settings, a password change (then a new sign-in with the new
 * password), the first password sign-in of a browser that confirmed a sign-up started elsewhere, and
 * a token the API no longer takes (401), which signs this browser out.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '#shared/routes.ts';
import { SESSION_MESSAGES } from '#shared/sessions.ts';
import { ApiRequestError, callApi } from '../../web/src/api/client.ts';
import { renderWithClient } from './render.tsx';

const amplify = vi.hoisted(() => ({
  confirmSignUp: vi.fn(),
  signIn: vi.fn(),
  fetchAuthSession: vi.fn(),
  signOut: vi.fn(async () => undefined),
  updatePassword: vi.fn(async () => undefined),
}));
vi.mock('aws-amplify/auth', () => amplify);
vi.mock('aws-amplify/utils', () => ({ Hub: { listen: vi.fn() } }));
vi.mock('../../web/src/features/auth/amplify.ts', () => ({
  ensureAmplify: vi.fn(async () => ({})),
  getAccessToken: vi.fn(async () => 'a-token'),
}));

const session = await import('../../web/src/features/auth/session.ts');
const { SignOutEverywhereCard } =
  await import('../../web/src/features/settings/components/SignOutEverywhereCard.tsx');

const signedIn = {
  tokens: { accessToken: { payload: { sub: 'u1' } }, idToken: { payload: { email: 'olive@example.com' } } },
  userSub: 'u1',
};

/** The API: 204 to the sign-out, `status` to anything else; every call recorded. */
function api(status = 200) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
    String(input).endsWith('/api/me/sign-out-everywhere')
      ? new Response(null, { status: 204 })
      : new Response(JSON.stringify({ message: SESSION_MESSAGES.ended }), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
  );
}
const called = (fetchMock: ReturnType<typeof api>) =>
  fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);

beforeEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
  for (const fn of Object.values(amplify)) fn.mockReset();
  amplify.signOut.mockResolvedValue(undefined);
  amplify.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
  amplify.confirmSignUp.mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } });
  amplify.fetchAuthSession.mockResolvedValue(signedIn);
  session.connectApi();
});

describe("Settings' 'Sign out everywhere'", () => {
  it('after one confirmation, ends every session and forgets this browser’s tokens', async () => {
    const fetchMock = api();
    renderWithClient(<SignOutEverywhereCard />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out everywhere?' });
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(session.getAuthState()).toEqual({ status: 'signedOut', reason: 'logout' }));
    expect(called(fetchMock)).toEqual(['POST /api/me/sign-out-everywhere']);
    expect(amplify.signOut).toHaveBeenCalledWith();
  });
});

describe('a password change', () => {
  it('ends every session after Cognito took the new password, then signs this browser in with it', async () => {
    const fetchMock = api();
    await session.changePassword('Old-secret-1', 'New-secret-2');
    expect(amplify.updatePassword).toHaveBeenCalledWith({
      oldPassword: 'Old-secret-1',
      newPassword: 'New-secret-2',
    });
    expect(called(fetchMock)).toEqual(['POST /api/me/sign-out-everywhere']);
    expect(amplify.signIn).toHaveBeenCalledWith({
      username: 'olive@example.com',
      password: 'New-secret-2',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    const order = (fn: { mock: { invocationCallOrder: number[] } }) => fn.mock.invocationCallOrder[0]!;
    expect(order(amplify.updatePassword)).toBeLessThan(fetchMock.mock.invocationCallOrder[0]!);
    expect(fetchMock.mock.invocationCallOrder[0]!).toBeLessThan(order(amplify.signIn));
  });
});

describe('the browser that confirmed a sign-up it did not start', () => {
  it('ends every session before its first password sign-in, then signs in again; later sign-ins do not', async () => {
    // Nobody signed up here: the link only confirms.
    expect(await session.confirmAccount('Olive@example.com', '123456')).toBe('confirmed');
    const fetchMock = api();
    amplify.fetchAuthSession.mockResolvedValue({});
    await session.signInWithPassword('olive@example.com', 'Secret-123');
    expect(called(fetchMock)).toEqual(['POST /api/me/sign-out-everywhere']);
    expect(amplify.signIn).toHaveBeenCalledTimes(2);
    fetchMock.mockClear();
    await session.signInWithPassword('olive@example.com', 'Secret-123');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(amplify.signIn).toHaveBeenCalledTimes(3);
  });
});

describe('a token the API no longer takes', () => {
  it('signs this browser out (the sessions were ended elsewhere)', async () => {
    api(401);
    const call = callApi(API.listReminders);
    await expect(call).rejects.toBeInstanceOf(ApiRequestError);
    await waitFor(() => expect(session.getAuthState()).toEqual({ status: 'signedOut', reason: 'ended' }));
    expect(amplify.signOut).toHaveBeenCalledWith();
  });
});

/**
 * The auth state of this browser, kept in one module-level store so every guard and page agrees and a
 * remount never shows the session spinner again; with the sign-in, sign-out and sign-up sequences.
 */
import { useSyncExternalStore } from 'react';
import {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  fetchAuthSession,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
  updatePassword,
  type SignUpOutput,
} from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import type { z } from 'zod';
import type { signUpSchema } from '#shared/schemas.ts';
import { LINK_SIGN_IN_METADATA_KEY, linkVerifier } from '#shared/linkSignIn.ts';
import { forgetLinkSecret, keepLinkSecret, linkSecretFor } from './link-secret.ts';
import { NOT_CONFIRMED } from './account-errors.ts';
import { setApiAuth } from '../../api/client.ts';
import { clearAdminHint } from './admin-cache.ts';
import { clearStoredAuth } from './storage.ts';
import { ensureAmplify, getAccessToken } from './amplify.ts';
import { keepSessionFresh } from './session-refresh.ts';

/** signUpSchema's output. */
export type SignUpValues = z.output<typeof signUpSchema>;

export type AuthState =
  | { status: 'loading' }
  | { status: 'signedOut'; reason?: 'logout' | 'deleted' }
  | { status: 'signedIn'; userId: string; email: string | undefined }
  | { status: 'error'; error: Error };

let state: AuthState = { status: 'loading' };
const listeners = new Set<() => void>();
/** While we sign out on purpose (login, logout), Hub's 'signedOut' event must not move the state. */
let signingOut = false;
let started = false;
let hubListening = false;

function setState(next: AuthState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getAuthState(): AuthState {
  return state;
}

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribe, getAuthState, getAuthState);
}

function listenToHub(): void {
  if (hubListening) return;
  hubListening = true;
  Hub.listen('auth', ({ payload }) => {
    if (signingOut || state.status !== 'signedIn') return;
    if (payload.event === 'signedOut' || payload.event === 'tokenRefresh_failure') {
      setState({ status: 'signedOut' });
    }
  });
}

/** Reads the stored session (Amplify refreshes expired tokens) and publishes the result. */
export async function refreshSession(): Promise<AuthState> {
  try {
    await ensureAmplify();
  } catch (error) {
    setState({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) });
    return state;
  }
  listenToHub();
  try {
    const session = await fetchAuthSession();
    const accessToken = session.tokens?.accessToken;
    if (!accessToken) {
      setState({ status: 'signedOut' });
    } else {
      const email = session.tokens?.idToken?.payload.email;
      setState({
        status: 'signedIn',
        userId: session.userSub ?? String(accessToken.payload.sub ?? ''),
        email: typeof email === 'string' ? email : undefined,
      });
    }
  } catch {
    setState({ status: 'signedOut' });
  }
  return state;
}

/** Gives the API client this browser's access token, and the sign-out for an account deleted elsewhere. */
export function connectApi(): void {
  setApiAuth({ accessToken: getAccessToken, accountGone: forgetDeletedAccount });
}

/** First use of any auth page: connect the API client and load the session, once. */
export function startSession(): void {
  if (started) return;
  started = true;
  connectApi();
  void refreshSession();
  keepSessionFresh();
}

async function signOutEverywhere(): Promise<void> {
  signingOut = true;
  try {
    await signOut({ global: true });
  } catch {
    // Global sign-out needs a live refresh token; fall back to forgetting this browser's tokens.
    await signOut().catch(() => undefined);
  } finally {
    signingOut = false;
  }
}

/** Sign-in: clear stored auth data, sign any previous session out globally, sign in. The caller waits 100 ms. */
export async function signInWithPassword(email: string, password: string): Promise<void> {
  await ensureAmplify();
  clearAdminHint();
  const existing = await fetchAuthSession().catch(() => null);
  if (existing?.tokens) await signOutEverywhere();
  clearStoredAuth();
  const result = await signIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  if (!result.isSignedIn) {
    if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') {
      // Amplify turns Cognito's UserNotConfirmedException into this step; the form offers a new link.
      const error = new Error('Email not confirmed');
      error.name = NOT_CONFIRMED;
      throw error;
    }
    throw new Error('Sign in could not be completed');
  }
}

/** Sign-out: sign out globally, clear stored auth data; the state says why it is signed out. */
export async function logout(): Promise<void> {
  clearAdminHint();
  try {
    await ensureAmplify();
    await signOutEverywhere();
  } finally {
    clearStoredAuth();
    setState({ status: 'signedOut', reason: 'logout' });
  }
}

/**
 * After DELETE /api/me: the Cognito user is gone, so a global sign-out cannot succeed. Forget this
 * browser's tokens (Amplify's local sign-out, then the stored keys) and publish the signed-out state.
 */
export async function forgetDeletedAccount(): Promise<void> {
  clearAdminHint();
  signingOut = true;
  try {
    await ensureAmplify();
    await signOut().catch(() => undefined);
  } catch {
    // Amplify could not even be configured: clearing storage below is enough.
  } finally {
    signingOut = false;
    clearStoredAuth();
    setState({ status: 'signedOut', reason: 'deleted' });
  }
}

/**
 * Sign-up with the profile (name, country, marketing consent) as Cognito attributes. This browser
 * keeps a secret, so the mailed link signs in here and only here (decision 0028).
 */
export async function signUpAccount(values: SignUpValues): Promise<SignUpOutput> {
  await ensureAmplify();
  const userAttributes: Record<string, string> = {
    email: values.email,
    given_name: values.first_name,
    'custom:country': values.country,
    'custom:marketing_consent': values.marketing_consent ? 'true' : 'false',
  };
  if (values.last_name) userAttributes.family_name = values.last_name;
  const output = await signUp({
    username: values.email,
    password: values.password,
    // No Amplify auto sign-in: the confirmation link signs in, in this browser only (0028).
    options: { userAttributes },
  });
  keepLinkSecret(values.email);
  return output;
}

function isAlreadyConfirmed(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    /current status is CONFIRMED/i.test(error.message) ||
    (error.name === 'NotAuthorizedException' && /confirm/i.test(error.message))
  );
}

/**
 * The confirmation link's one sign-in (decision 0023): Cognito's custom auth flow, answered with the
 * secret whose verifier went with this browser's confirmation. Any other browser's session is signed
 * out first, as at a password sign-in. False when Cognito did not sign in (expired, used, refused).
 */
async function signInWithLinkSecret(email: string, secret: string): Promise<boolean> {
  clearAdminHint();
  const existing = await fetchAuthSession().catch(() => null);
  if (existing?.tokens) await signOutEverywhere();
  clearStoredAuth();
  const started = await signIn({ username: email, options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });
  if (started.nextStep.signInStep !== 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE') return false;
  const answered = await confirmSignIn({ challengeResponse: secret });
  if (!answered.isSignedIn) return false;
  await refreshSession();
  return getAuthState().status === 'signedIn';
}

/**
 * Confirms a sign-up from the e-mailed code, and signs in when this is the browser that signed up: its
 * kept secret's verifier goes with the confirmation (PostConfirmation keeps it a few minutes), and the
 * secret answers the custom challenge once (decisions 0023, 0028). 'signedIn' on success; 'confirmed'
 * when the address is confirmed but this browser is not signed in: another browser (no secret here),
 * the link opened before (Cognito confirms once) or the sign-in failed.
 */
export async function confirmAccount(email: string, code: string): Promise<'signedIn' | 'confirmed'> {
  await ensureAmplify();
  const secret = linkSecretFor(email);
  // Web Crypto's digest needs a secure context (https, localhost): without it, confirm only.
  const verifier = secret ? await linkVerifier(secret).catch(() => null) : null;
  try {
    await confirmSignUp({
      username: email,
      confirmationCode: code,
      ...(verifier ? { options: { clientMetadata: { [LINK_SIGN_IN_METADATA_KEY]: verifier } } } : {}),
    });
  } catch (error) {
    if (!isAlreadyConfirmed(error)) throw error;
    forgetLinkSecret(email);
    return 'confirmed';
  }
  forgetLinkSecret(email);
  if (!secret || !verifier) return 'confirmed';
  try {
    return (await signInWithLinkSecret(email, secret)) ? 'signedIn' : 'confirmed';
  } catch {
    // The address is confirmed all the same: the user signs in with the password instead.
    return 'confirmed';
  }
}

/** 'Send reset code': Cognito mails a code (through the CustomMessage trigger) to the address. */
export async function requestPasswordReset(email: string): Promise<void> {
  await ensureAmplify();
  await resetPassword({ username: email });
}

/** 'Reset Password': the mailed code and the new password. */
export async function confirmPasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  await ensureAmplify();
  await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
}

/** Settings' 'Update Password', for the signed-in user; Cognito checks the current password. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await ensureAmplify();
  await updatePassword({ oldPassword: currentPassword, newPassword });
}

/** 'Resend confirmation e-mail': a fresh code, mailed as a new confirmation link. */
export async function resendConfirmation(email: string): Promise<void> {
  await ensureAmplify();
  await resendSignUpCode({ username: email });
}

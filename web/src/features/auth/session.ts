/**
 * The auth state of this browser, kept in one module-level store so every guard and page agrees and a
 * remount never shows the session spinner again; with the sign-in, sign-out and sign-up sequences.
 */
import { useSyncExternalStore } from 'react';
import type { SignUpOutput } from 'aws-amplify/auth';
import type { z } from 'zod';
import type { signUpSchema } from '#shared/schemas/account.ts';
import { LINK_SIGN_IN_METADATA_KEY, linkVerifier } from '#shared/linkSignIn.ts';
import type { API } from '#shared/routes.ts';
import {
  confirmedHere,
  forgetConfirmedHere,
  forgetLinkSecret,
  keepLinkSecret,
  linkSecretFor,
  markConfirmedHere,
} from './link-secret.ts';
import { NOT_CONFIRMED } from './not-confirmed.ts';
import { callApi, setApiAuth } from '../../api/client.ts';
import { clearAdminHint } from './admin-cache.ts';
import { clearStoredAuth } from './storage.ts';
import { keepSessionFresh } from './session-refresh.ts';
import { storedSession } from './stored-user.ts';

/**
 * Amplify's auth functions, configured. Amplify (~320 KB) and /config.json load on first use, in a
 * chunk of their own: a returning user's kept dashboard shows before either (decision 0045).
 */
async function amplifyAuth() {
  const [{ ensureAmplify }, auth] = await Promise.all([import('./amplify.ts'), import('aws-amplify/auth')]);
  await ensureAmplify();
  return auth;
}

/** signUpSchema's output. */
export type SignUpValues = z.output<typeof signUpSchema>;

export type AuthState =
  | { status: 'loading' }
  | { status: 'signedOut'; reason?: 'logout' | 'deleted' | 'ended' }
  | { status: 'signedIn'; userId: string; email: string | undefined }
  /**
   * This browser holds `userId`'s session, not yet read by Amplify: the signed-in pages show (with
   * that user's kept data) while it loads; the sign-in pages and admin screens wait for it.
   */
  | { status: 'restoring'; userId: string; email: string | undefined }
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

async function listenToHub(): Promise<void> {
  if (hubListening) return;
  hubListening = true;
  const { Hub } = await import('aws-amplify/utils');
  Hub.listen('auth', ({ payload }) => {
    if (signingOut || state.status !== 'signedIn') return;
    if (payload.event === 'signedOut' || payload.event === 'tokenRefresh_failure') {
      setState({ status: 'signedOut' });
    }
  });
}

/** Reads the stored session (Amplify refreshes expired tokens) and publishes the result. */
export async function refreshSession(): Promise<AuthState> {
  let auth: Awaited<ReturnType<typeof amplifyAuth>>;
  try {
    auth = await amplifyAuth();
  } catch (error) {
    setState({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) });
    return state;
  }
  await listenToHub();
  try {
    const session = await auth.fetchAuthSession();
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

/**
 * Gives the API client this browser's access token, and the sign-outs for an account deleted
 * elsewhere and for sessions ended elsewhere.
 */
export function connectApi(): void {
  setApiAuth({
    accessToken: () => import('./amplify.ts').then((m) => m.getAccessToken()),
    accountGone: forgetDeletedAccount,
    sessionEnded: forgetEndedSession,
  });
}

/**
 * First use of any auth page: connect the API client and load the session, once. A session stored
 * in this browser counts as 'restoring' until Amplify has read it (and refreshed it if need be).
 */
export function startSession(): void {
  if (started) return;
  started = true;
  connectApi();
  const stored = storedSession();
  if (stored && state.status === 'loading') setState({ status: 'restoring', ...stored });
  void refreshSession();
  keepSessionFresh();
}

async function signOutEverywhere(): Promise<void> {
  const { signOut } = await amplifyAuth();
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

/** Amplify's sign-in with the password; an address not yet confirmed is NOT_CONFIRMED. */
async function passwordSignIn(email: string, password: string): Promise<void> {
  const { signIn } = await amplifyAuth();
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

/**
 * Ends every session of the account, this browser's included (POST /api/me/sign-out-everywhere:
 * Cognito's refresh tokens and the API's access tokens alike, decision 0050), then, with the password
 * the user just typed, signs this browser in again: the route answers once a new token is taken.
 */
async function endEverySessionThenSignIn(email: string, password: string): Promise<void> {
  await callApi<typeof API.signOutEverywhere>({ method: 'POST', path: '/api/me/sign-out-everywhere' });
  await forgetThisBrowsersTokens();
  await passwordSignIn(email, password);
}

/**
 * Sign-in: clear stored auth data, sign any previous session out globally, sign in. The caller waits
 * 100 ms. In the browser that confirmed a sign-up it did not start, the first sign-in also ends every
 * session before it: whoever started the sign-up chose the password, and may have used it.
 */
export async function signInWithPassword(email: string, password: string): Promise<void> {
  const { fetchAuthSession } = await amplifyAuth();
  clearAdminHint();
  const existing = await fetchAuthSession().catch(() => null);
  if (existing?.tokens) await signOutEverywhere();
  clearStoredAuth();
  await passwordSignIn(email, password);
  if (confirmedHere(email)) {
    await endEverySessionThenSignIn(email, password);
    forgetConfirmedHere(email);
  }
}

/** Sign-out: sign out globally, clear stored auth data; the state says why it is signed out. */
export async function logout(): Promise<void> {
  clearAdminHint();
  try {
    await signOutEverywhere();
  } finally {
    clearStoredAuth();
    setState({ status: 'signedOut', reason: 'logout' });
  }
}

/** Amplify's local sign-out and the stored keys: this browser's tokens go, nothing is asked of Cognito. */
async function forgetThisBrowsersTokens(): Promise<void> {
  try {
    const { signOut } = await amplifyAuth();
    signingOut = true;
    await signOut().catch(() => undefined);
  } catch {
    // Amplify could not even be configured: clearing storage below is enough.
  } finally {
    signingOut = false;
    clearStoredAuth();
  }
}

/**
 * After DELETE /api/me: the Cognito user is gone, so a global sign-out cannot succeed. Forget this
 * browser's tokens and publish the signed-out state.
 */
export async function forgetDeletedAccount(): Promise<void> {
  clearAdminHint();
  await forgetThisBrowsersTokens();
  setState({ status: 'signedOut', reason: 'deleted' });
}

/**
 * The API refused this browser's token (401): the account's sessions were ended elsewhere (a password
 * reset, 'Sign out everywhere'). Forget its tokens; the guards send the user to sign in.
 */
export async function forgetEndedSession(): Promise<void> {
  clearAdminHint();
  await forgetThisBrowsersTokens();
  setState({ status: 'signedOut', reason: 'ended' });
}

/** 'Sign out everywhere': every session of the account ends, this browser's included. */
export async function signOutOfEverySession(): Promise<void> {
  clearAdminHint();
  try {
    await callApi<typeof API.signOutEverywhere>({ method: 'POST', path: '/api/me/sign-out-everywhere' });
  } finally {
    await forgetThisBrowsersTokens();
    setState({ status: 'signedOut', reason: 'logout' });
  }
}

/**
 * Sign-up with the profile (name, country, marketing consent) as Cognito attributes. This browser
 * keeps a secret, so the mailed link signs in here and only here (decision 0028).
 */
export async function signUpAccount(values: SignUpValues): Promise<SignUpOutput> {
  const { signUp } = await amplifyAuth();
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
  const { confirmSignIn, fetchAuthSession, signIn } = await amplifyAuth();
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
  const { confirmSignUp } = await amplifyAuth();
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
  if (!secret || !verifier) {
    // Confirmed here, signed up elsewhere: this browser's first sign-in ends every session before it.
    markConfirmedHere(email);
    return 'confirmed';
  }
  try {
    return (await signInWithLinkSecret(email, secret)) ? 'signedIn' : 'confirmed';
  } catch {
    // The address is confirmed all the same: the user signs in with the password instead.
    return 'confirmed';
  }
}

/** 'Send reset code': Cognito mails a code (through the CustomMessage trigger) to the address. */
export async function requestPasswordReset(email: string): Promise<void> {
  const { resetPassword } = await amplifyAuth();
  await resetPassword({ username: email });
}

/** 'Reset Password': the mailed code and the new password. */
export async function confirmPasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  const { confirmResetPassword } = await amplifyAuth();
  await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
}

/**
 * Settings' 'Update Password', for the signed-in user; Cognito checks the current password. Then every
 * session ends, the other devices' and this one's (Cognito's ChangePassword revokes nothing on AWS),
 * and this browser signs in again with the new password.
 */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  const { fetchAuthSession, updatePassword } = await amplifyAuth();
  const email = (await fetchAuthSession()).tokens?.idToken?.payload.email;
  await updatePassword({ oldPassword: currentPassword, newPassword });
  if (typeof email !== 'string') {
    // No address to sign in again with: end the sessions and let the user sign in.
    await signOutOfEverySession();
    return;
  }
  await endEverySessionThenSignIn(email, newPassword);
  await refreshSession();
}

/** 'Resend confirmation e-mail': a fresh code, mailed as a new confirmation link. */
export async function resendConfirmation(email: string): Promise<void> {
  const { resendSignUpCode } = await amplifyAuth();
  await resendSignUpCode({ username: email });
}

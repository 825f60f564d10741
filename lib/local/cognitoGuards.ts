/**
 * The rules Cognito enforces and cognito-local does not, put in front of cognito-local's routes so
 * they hold on its own port as well as behind /_cognito. Without them one unauthenticated request
 * could take any local account: a challenge answer with an invented session, a password reset with no
 * code (cognito-local compares two undefined values), a token signed with its published key, or a
 * SignUp that picks its own `sub`.
 */
import { z } from 'zod';
import {
  CodeMismatchError,
  CognitoError,
  InvalidParameterError,
  InvalidPasswordError,
  NotAuthorizedError,
} from 'cognito-local/lib/errors.js';
import type { Route } from 'cognito-local/lib/server/Router.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { CognitoService } from 'cognito-local/lib/services/cognitoService.js';
import type { User } from 'cognito-local/lib/services/userPoolService.js';
import { USER_ATTRIBUTES } from '../../shared/identity.ts';
import { signToken, verifyToken, type LocalTokenKey } from './tokenKey.ts';

/** Wrong passwords before Cognito locks sign-in; the lock then doubles per failure, up to 15 minutes. */
export const PASSWORD_ATTEMPTS = 5;
export const MAX_LOCK_MS = 15 * 60 * 1000;
/** Wrong answers to one mailed code (sign-up or reset) before the code is spent. */
export const CODE_ATTEMPTS = 5;
/** Mails per person per hour: password-reset codes, and confirmation links sent again. */
export const FORGOT_PASSWORD_LIMIT = 5;
export const RESEND_CONFIRMATION_LIMIT = 5;
export const MAIL_WINDOW_MS = 60 * 60 * 1000;
/** How long a challenge session lives on Cognito. */
const CHALLENGE_SESSION_MS = 3 * 60 * 1000;

/** The attributes the SPA's sign-up sends: a direct SignUp may send these and no others. */
const SIGN_UP_ATTRIBUTES: readonly string[] = [
  USER_ATTRIBUTES.email,
  USER_ATTRIBUTES.firstName,
  USER_ATTRIBUTES.lastName,
  USER_ATTRIBUTES.country,
  USER_ATTRIBUTES.marketingConsent,
];

const limitExceeded = () =>
  new CognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
const invalidToken = () => new NotAuthorizedError('Invalid Access Token');

const signUpRequest = z.object({
  Username: z.string(),
  UserAttributes: z.array(z.object({ Name: z.string(), Value: z.string() })).default([]),
});

interface Services {
  cognito: CognitoService;
  clock: { get(): Date };
}

/** Instants per key within a sliding window, for the mail budgets. */
function budget(limit: number, windowMs: number, clock: Services['clock']) {
  const seen = new Map<string, number[]>();
  return (key: string) => {
    const now = clock.get().getTime();
    const recent = (seen.get(key) ?? []).filter((at) => now - at < windowMs);
    if (recent.length >= limit) throw limitExceeded();
    seen.set(key, [...recent, now]);
  };
}

const jtiOf = (token: unknown) => {
  const claims = typeof token === 'string' ? token.split('.')[1] : undefined;
  try {
    return (JSON.parse(Buffer.from(claims ?? '', 'base64url').toString('utf8')) as { jti?: unknown }).jti;
  } catch {
    return undefined;
  }
};

/**
 * What the guards share: the stand-in's services and token key, and what they remember between
 * requests (per stand-in: a fresh stack starts with none of it).
 */
interface GuardState {
  cognito: CognitoService;
  key: LocalTokenKey;
  now(): number;
  /** Password failures per user (their sub), and when the last one was. */
  passwordFailures: Map<string, { count: number; at: number }>;
  /** Wrong answers to the user's current mailed code. */
  codeFailures: Map<string, number>;
  /** Challenge sessions cognito-local issued, with the challenge and the user they were for. */
  sessions: Map<string, { challenge: string; username: string; expiresAt: number }>;
  /** Password-reset codes and confirmation links mailed again, per person. */
  mailBudgets: Record<'reset' | 'resend', (key: string) => void>;
}

function guardState({ cognito, clock }: Services, key: LocalTokenKey): GuardState {
  return {
    cognito,
    key,
    now: () => clock.get().getTime(),
    passwordFailures: new Map(),
    codeFailures: new Map(),
    sessions: new Map(),
    mailBudgets: {
      reset: budget(FORGOT_PASSWORD_LIMIT, MAIL_WINDOW_MS, clock),
      resend: budget(RESEND_CONFIRMATION_LIMIT, MAIL_WINDOW_MS, clock),
    },
  };
}

async function findUser(
  { cognito }: GuardState,
  ctx: Context,
  clientId: unknown,
  username: unknown,
): Promise<User | null> {
  if (typeof username !== 'string' || !username) return null;
  const pool = await cognito.getUserPoolForClientId(ctx, String(clientId));
  return pool.getUserByUsername(ctx, username);
}

/** One person's budget key: their sub when the name is known, however it is spelled. */
async function personKey(state: GuardState, ctx: Context, req: { ClientId?: unknown; Username?: unknown }) {
  const name = String(req.Username ?? '').toLowerCase();
  const user = await findUser(state, ctx, req.ClientId, name).catch(() => null);
  return user ? `user:${user.Username}` : `name:${name}`;
}

/** The user a token signed with the local key names; anything else is refused as Cognito refuses it. */
async function tokenUser(
  { cognito, key, now }: GuardState,
  ctx: Context,
  accessToken: unknown,
): Promise<{ user: User; claims: Record<string, unknown> }> {
  const claims = verifyToken(key, accessToken, now());
  if (!claims || claims.token_use !== 'access') throw invalidToken();
  const pool = await cognito.getUserPoolForClientId(ctx, String(claims.client_id));
  const user = await pool.getUserByUsername(ctx, String(claims.sub));
  if (!user) throw invalidToken();
  return { user, claims };
}

async function setRefreshTokens(
  { cognito }: GuardState,
  ctx: Context,
  clientId: unknown,
  user: User,
  keep: (token: string) => boolean,
) {
  const pool = await cognito.getUserPoolForClientId(ctx, String(clientId));
  const fresh = await pool.getUserByUsername(ctx, user.Username);
  if (fresh) await pool.saveUser(ctx, { ...fresh, RefreshTokens: (fresh.RefreshTokens ?? []).filter(keep) });
}

/** Sign-in with a password: locked after PASSWORD_ATTEMPTS failures, as Cognito locks it. */
async function passwordChecked<T>(
  { passwordFailures, now }: GuardState,
  sub: string,
  attempt: () => Promise<T>,
): Promise<T> {
  const failures = passwordFailures.get(sub);
  if (failures && failures.count >= PASSWORD_ATTEMPTS) {
    const lockMs = Math.min(1000 * 2 ** (failures.count - PASSWORD_ATTEMPTS), MAX_LOCK_MS);
    if (now() - failures.at < lockMs) {
      // An attempt during the lock is one more failure: hammering keeps the door shut.
      passwordFailures.set(sub, { count: failures.count + 1, at: now() });
      throw new NotAuthorizedError('Password attempts exceeded');
    }
  }
  try {
    const result = await attempt();
    passwordFailures.delete(sub);
    return result;
  } catch (error) {
    const wrong = error instanceof InvalidPasswordError || error instanceof NotAuthorizedError;
    if (wrong) passwordFailures.set(sub, { count: (failures?.count ?? 0) + 1, at: now() });
    throw error;
  }
}

/** A mailed code: spent after CODE_ATTEMPTS wrong answers, until a new one is mailed. */
async function codeChecked<T>(
  { codeFailures }: GuardState,
  user: User,
  attempt: () => Promise<T>,
): Promise<T> {
  if ((codeFailures.get(user.Username) ?? 0) >= CODE_ATTEMPTS) throw limitExceeded();
  try {
    const result = await attempt();
    codeFailures.delete(user.Username);
    return result;
  } catch (error) {
    if (error instanceof CodeMismatchError)
      codeFailures.set(user.Username, (codeFailures.get(user.Username) ?? 0) + 1);
    throw error;
  }
}

type AuthResult = { AuthenticationResult?: { AccessToken?: string; RefreshToken?: string } };

/** The access token names the refresh token it came from, as Cognito's origin_jti does. */
function withOriginJti<R extends AuthResult>({ key, now }: GuardState, result: R, refreshToken: unknown): R {
  const access = verifyToken(key, result.AuthenticationResult?.AccessToken, now());
  if (access && result.AuthenticationResult)
    result.AuthenticationResult.AccessToken = signToken(key, { ...access, origin_jti: jtiOf(refreshToken) });
  return result;
}

/** One rule Cognito enforces: `route` with the rule in front of it. */
type Guard = (state: GuardState, route: Route) => Route;

/** SignUp takes the SPA's attributes only (never a `sub` of its own), and the address as its name. */
const signUp: Guard = (_state, route) => async (ctx, req: unknown) => {
  const parsed = signUpRequest.safeParse(req);
  if (!parsed.success) throw new InvalidParameterError('Invalid SignUp request');
  const { Username, UserAttributes } = parsed.data;
  const names = UserAttributes.map((a) => a.Name);
  const unknown = names.find((name) => !SIGN_UP_ATTRIBUTES.includes(name));
  if (unknown) throw new InvalidParameterError(`Attribute ${unknown} cannot be set at sign-up`);
  if (new Set(names).size !== names.length) throw new InvalidParameterError('An attribute is repeated');
  const email = UserAttributes.find((a) => a.Name === USER_ATTRIBUTES.email)?.Value;
  if (!email || email.toLowerCase() !== Username.toLowerCase())
    throw new InvalidParameterError('The username must be the email address');
  return (await route(ctx, req)) as unknown;
};

/** A sign-up code is spent after CODE_ATTEMPTS wrong answers. */
const confirmSignUp: Guard =
  (state, route) => async (ctx, req: { ClientId?: unknown; Username?: unknown }) => {
    const user = await findUser(state, ctx, req.ClientId, req.Username);
    // PreventUserExistenceErrors: an unknown name's code is wrong, as a known name's wrong code is.
    if (!user) throw new CodeMismatchError();
    return codeChecked(state, user, () => route(ctx, req));
  };

/**
 * A code mailed (again): within the person's budget; every request counts, known, unknown and
 * unconfirmed names alike (no tell). A new code has its own wrong answers.
 */
const mailsACode =
  (budget: keyof GuardState['mailBudgets']): Guard =>
  (state, route) =>
  async (ctx, req: { ClientId?: unknown; Username?: unknown }) => {
    state.mailBudgets[budget](await personKey(state, ctx, req));
    const result = (await route(ctx, req)) as unknown;
    const user = await findUser(state, ctx, req.ClientId, req.Username);
    if (user) state.codeFailures.delete(user.Username);
    return result;
  };

/** A reset needs the mailed code of a confirmed account, and ends every session when it is done. */
const confirmForgotPassword: Guard = (state, route) => async (ctx, req: Record<string, unknown>) => {
  if (typeof req.ConfirmationCode !== 'string' || !/^\d{6}$/.test(req.ConfirmationCode))
    throw new CodeMismatchError();
  const user = await findUser(state, ctx, req.ClientId, req.Username);
  // An unconfirmed account's code is its sign-up code: it confirms through ConfirmSignUp only.
  if (!user?.ConfirmationCode || user.UserStatus !== 'CONFIRMED') throw new CodeMismatchError();
  const result = (await codeChecked(state, user, () => route(ctx, req))) as unknown;
  // A reset ends every session: a thief's refresh token dies with the old password.
  await setRefreshTokens(state, ctx, req.ClientId, user, () => false);
  state.passwordFailures.delete(user.Username);
  return result;
};

/**
 * Sign-in: a password locks after PASSWORD_ATTEMPTS failures; a challenge's session is remembered for
 * its user; every access token names its refresh token (a refresh's, the one it was refreshed with).
 */
const initiateAuth: Guard = (state, route) => async (ctx, req: Record<string, unknown>) => {
  const parameters = (req.AuthParameters ?? {}) as Record<string, unknown>;
  if (req.AuthFlow === 'REFRESH_TOKEN_AUTH' || req.AuthFlow === 'REFRESH_TOKEN') {
    const result = (await route(ctx, req)) as AuthResult;
    return withOriginJti(state, result, parameters.REFRESH_TOKEN);
  }
  const user = await findUser(state, ctx, req.ClientId, parameters.USERNAME);
  const answer = async () => {
    const result = (await route(ctx, req)) as AuthResult & { ChallengeName?: string; Session?: string };
    if (result.ChallengeName && result.Session && user)
      state.sessions.set(result.Session, {
        challenge: result.ChallengeName,
        username: user.Username,
        expiresAt: state.now() + CHALLENGE_SESSION_MS,
      });
    return withOriginJti(state, result, result.AuthenticationResult?.RefreshToken);
  };
  return user && req.AuthFlow === 'USER_PASSWORD_AUTH'
    ? passwordChecked(state, user.Username, answer)
    : answer();
};

/** A challenge is answered only in a live session issued for that challenge and that user, once. */
const respondToAuthChallenge: Guard = (state, route) => async (ctx, req: Record<string, unknown>) => {
  // The confirmation link's custom challenge keeps its own one-use sessions (cognitoCustomAuth.ts).
  if (req.ChallengeName === 'CUSTOM_CHALLENGE') return (await route(ctx, req)) as unknown;
  const issued = typeof req.Session === 'string' ? state.sessions.get(req.Session) : undefined;
  const responses = (req.ChallengeResponses ?? {}) as Record<string, unknown>;
  const user = await findUser(state, ctx, req.ClientId, responses.USERNAME);
  if (
    !issued ||
    issued.expiresAt < state.now() ||
    issued.challenge !== req.ChallengeName ||
    issued.username !== user?.Username
  )
    throw new NotAuthorizedError('Invalid session for the user.');
  state.sessions.delete(req.Session as string);
  return (await route(ctx, req)) as unknown;
};

/** GetUser takes only an access token signed with the local key, of a user who still exists. */
const getUser: Guard = (state, route) => async (ctx, req: { AccessToken?: unknown }) => {
  await tokenUser(state, ctx, req.AccessToken);
  return (await route(ctx, req)) as unknown;
};

/** Signing out everywhere drops every refresh token of the token's user (cognito-local's route is not used). */
const globalSignOut: Guard = (state) => async (ctx, req: { AccessToken?: unknown }) => {
  const { user, claims } = await tokenUser(state, ctx, req.AccessToken);
  await setRefreshTokens(state, ctx, claims.client_id, user, () => false);
  return {};
};

/** A password change is a password attempt, and ends every session but the one that made it. */
const changePassword: Guard = (state, route) => async (ctx, req: { AccessToken?: unknown }) => {
  const { user, claims } = await tokenUser(state, ctx, req.AccessToken);
  const result = (await passwordChecked(state, user.Username, () => route(ctx, req))) as unknown;
  // Every other session ends; the one that changed the password goes on.
  await setRefreshTokens(state, ctx, claims.client_id, user, (token) => jtiOf(token) === claims.origin_jti);
  return result;
};

/** The guarded routes, by the target cognito-local names them with; any other goes as it is. */
const GUARDS: Partial<Record<string, Guard>> = {
  SignUp: signUp,
  ConfirmSignUp: confirmSignUp,
  ResendConfirmationCode: mailsACode('resend'),
  ForgotPassword: mailsACode('reset'),
  ConfirmForgotPassword: confirmForgotPassword,
  InitiateAuth: initiateAuth,
  RespondToAuthChallenge: respondToAuthChallenge,
  GetUser: getUser,
  GlobalSignOut: globalSignOut,
  ChangePassword: changePassword,
};

/** The guards of one stand-in, sharing what they remember: `route` with the rules of `target` in front of it. */
export function cognitoGuards(services: Services, key: LocalTokenKey) {
  const state = guardState(services, key);
  return (target: string, route: Route): Route => GUARDS[target]?.(state, route) ?? route;
}

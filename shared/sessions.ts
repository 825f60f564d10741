/**
 * When an account's sessions end (a password reset, 'Sign out everywhere', a password change, the
 * first sign-in in the browser that confirmed a sign-up started elsewhere), every access token issued
 * before is refused by the API, though its signature still holds: the profile keeps the first whole
 * second whose tokens are good (`sessions_valid_after`), and a token's `iat` (whole seconds, as
 * Cognito writes it) must not be earlier.
 *
 * Seconds are coarse: a token issued in the same second as the end cannot be told from one issued
 * just after. So the end is recorded as the next whole second, which refuses the whole second it
 * happened in, and whoever ended the sessions waits for that second to begin before answering
 * (`waitUntilValid`), so that the sign-in that follows always gets a token of a good second.
 */

/** Epoch seconds: the first second whose tokens are good after sessions end at `nowMs`. */
export const sessionsValidAfter = (nowMs: number): number => Math.floor(nowMs / 1000) + 1;

/** Whether a token issued at `iat` (epoch seconds; absent: unknown) is of a session since ended. */
export function sessionEnded(iat: number | undefined, validAfter: number | undefined): boolean {
  if (validAfter === undefined || validAfter <= 0) return false;
  return iat === undefined || !Number.isFinite(iat) || iat < validAfter;
}

/** How long (ms) the end must still wait at `nowMs` before a new token's second is good. */
export const waitUntilValid = (validAfter: number, nowMs: number): number =>
  Math.max(0, validAfter * 1000 - nowMs);

export const SESSION_MESSAGES = {
  ended: 'Your session has ended. Please sign in again.',
  signOutEverywhere: 'Sign out everywhere',
} as const;

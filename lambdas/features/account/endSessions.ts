/**
 * Ending everything set up before a moment (decision 0050). A password reset, 'Sign out everywhere',
 * a password change, and the first sign-in of the browser that confirmed a sign-up started elsewhere
 * end every session: Cognito's refresh tokens are revoked first, so no new access token can be had
 * from them, then the profile records the first second whose tokens the API takes, and the caller
 * waits for that second to begin (shared/sessions.ts), so the sign-in that follows is never refused.
 * A reset also revokes every link made before it, and the account's first reset takes it out of the
 * household it was in, and tells it so.
 */
import { sessionsValidAfter, waitUntilValid } from '../../../shared/sessions.ts';
import { leave } from '../household/members.ts';
import { signOutEverywhere } from '../../runtime/identity.ts';
import { logger } from '../../runtime/logger.ts';
import { membershipOf, leftAtResetPut } from '../../store/households/index.ts';
import {
  getProfileNow,
  recordPasswordReset,
  recordResetEnd,
  recordSessionsEnded,
} from '../../store/account/index.ts';

/** The clock and the wait, real by default; tests pass their own. */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}
export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Who: the user's id (the profile's partition) and their Cognito username (for the sign-out). */
export interface Account {
  userId: string;
  username: string;
  /** A trigger names its pool from its event; the routes take it from the environment. */
  userPoolId?: string;
}

/** Revokes the refresh tokens, then the moment from which tokens are good: every step starts so. */
async function revokeThenMark(account: Account, clock: Clock): Promise<number> {
  await signOutEverywhere(account.username, account.userPoolId);
  // After the sign-out: a token refreshed before it completed was issued at this second or earlier.
  return sessionsValidAfter(clock.now());
}

/**
 * 'Sign out everywhere', a password change, or a first sign-in: every session, this one included,
 * ends; answers once a new sign-in's token is good.
 */
export async function endSessions(account: Account, clock: Clock = realClock): Promise<void> {
  const validAfter = await revokeThenMark(account, clock);
  await recordSessionsEnded(account.userId, validAfter);
  await clock.sleep(waitUntilValid(validAfter, clock.now()));
}

/**
 * After a password reset (Cognito's PostConfirmation, ConfirmForgotPassword). In this order, so that
 * whoever held the account before has nothing left at any step: sessions and links end at once; then,
 * on the account's first reset, it leaves the household it is in (the others are told, as at any
 * leaving), and a note tells the account so; last the reset is recorded, so a failure before it
 * leaves the next reset still the first. A profile that is not there (a deleted account) has nothing
 * to end.
 */
export async function afterPasswordReset(account: Account, clock: Clock = realClock): Promise<void> {
  const validAfter = await revokeThenMark(account, clock);
  const profile = await getProfileNow(account.userId);
  if (!profile) return;
  const firstReset = profile.password_reset_at === null;
  await recordResetEnd(account.userId, validAfter);
  const now = new Date(clock.now());
  const left =
    firstReset && (await membershipOf(account.userId)) ? await leave(account.userId, now) : undefined;
  await recordPasswordReset(account.userId, now, left ? [leftAtResetPut(account.userId, now)] : []);
  logger.info('Sessions and links ended after a password reset', {
    firstReset,
    leftHousehold: Boolean(left),
  });
  await clock.sleep(waitUntilValid(validAfter, clock.now()));
}

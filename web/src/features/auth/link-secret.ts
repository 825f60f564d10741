/**
 * The confirmation link's secret, kept in the browser that signed up (decision 0028). Only that
 * browser can turn the mailed link into a sign-in: anyone else who opens it confirms the address and
 * must then know the password. So an attacker who signs up with someone else's address cannot have the
 * owner's click sign the owner in to an account whose password the attacker chose.
 */
import { newLinkSecret } from '#shared/linkSignIn.ts';

const keyOf = (email: string) => `rr-link-sign-in:${email.trim().toLowerCase()}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage may be unavailable (private mode, disabled cookies): the link then confirms only.
    return null;
  }
}

/** A new secret for `email`, kept in this browser (localStorage: a mail app may open a new tab). */
export function keepLinkSecret(email: string): void {
  storage()?.setItem(keyOf(email), newLinkSecret());
}

/** The secret this browser keeps for `email`, if it signed that address up. */
export function linkSecretFor(email: string): string | null {
  return storage()?.getItem(keyOf(email)) ?? null;
}

/** A secret is worth one attempt: forgotten once the link has been used here. */
export function forgetLinkSecret(email: string): void {
  storage()?.removeItem(keyOf(email));
}

const returnKeyOf = (email: string) => `rr-link-return:${email.trim().toLowerCase()}`;

/**
 * The page a sign-up came from (/auth?redirect=…, say an invitation's join page), kept beside the
 * link's secret so that the confirmation link, signing this browser in, goes back there.
 */
export function keepReturnTo(email: string, path: string | null): void {
  if (path) storage()?.setItem(returnKeyOf(email), path);
}

/** The kept page, once: forgotten as it is read. The caller checks it (safeRedirect). */
export function takeReturnTo(email: string): string | null {
  const path = storage()?.getItem(returnKeyOf(email)) ?? null;
  storage()?.removeItem(returnKeyOf(email));
  return path;
}

const confirmedHereKeyOf = (email: string) => `rr-confirmed-here:${email.trim().toLowerCase()}`;

/**
 * This browser confirmed `email` without having signed it up (the link only confirmed): whoever
 * started the sign-up chose the password and may have signed in already. The first password sign-in
 * here ends every session before it (decision 0050).
 */
export function markConfirmedHere(email: string): void {
  storage()?.setItem(confirmedHereKeyOf(email), '1');
}

export function confirmedHere(email: string): boolean {
  return storage()?.getItem(confirmedHereKeyOf(email)) === '1';
}

export function forgetConfirmedHere(email: string): void {
  storage()?.removeItem(confirmedHereKeyOf(email));
}

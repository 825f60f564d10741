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

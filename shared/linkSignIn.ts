/**
 * The confirmation link signs in once (decision 0023): what the SPA and the Cognito triggers agree on.
 *
 * The browser that opens the link makes a secret (32 random bytes), sends only its SHA-256 (the
 * verifier) with ConfirmSignUp as client metadata, and the PostConfirmation trigger keeps the verifier
 * for a few minutes. The browser then signs in with Cognito's custom auth flow and answers the one
 * challenge with the secret; VerifyAuthChallengeResponse hashes the answer and consumes the verifier
 * in one conditional delete, so it works once. Web Crypto only: the same code runs in the browser and
 * in the Lambdas.
 */

/** The ConfirmSignUp client-metadata key that carries the verifier to PostConfirmation. */
export const LINK_SIGN_IN_METADATA_KEY = 'link_sign_in_verifier';

/** How long a verifier can be redeemed after the confirmation (seconds). */
export const LINK_SIGN_IN_TTL_SECONDS = 10 * 60;

/** Answers one custom-auth session may give before Cognito fails it (DefineAuthChallenge). */
export const LINK_SIGN_IN_MAX_ANSWERS = 3;

/** The one challenge's name in the public and private challenge parameters and its metadata. */
export const LINK_SIGN_IN_CHALLENGE = 'CONFIRMATION_LINK';

/** A secret or a verifier: 32 bytes in base64url without padding (43 characters). */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** A new secret: 32 bytes from the platform's CSPRNG. */
export function newLinkSecret(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** The verifier of a secret: its SHA-256, base64url. */
export async function linkVerifier(secret: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret));
  return base64url(new Uint8Array(digest));
}

/**
 * The confirmation link's fragment parameter that names the address ConfirmSignUp needs. It goes
 * after `#`, base64url-encoded: never sent to a server (so never in a log), and never the address
 * itself, which spam filters read as phishing in a link (SpamAssassin's GB_CUSTOM_HTM_URI).
 */
export const LINK_ADDRESS_PARAM = 'u';

export function encodeLinkAddress(email: string): string {
  return base64url(new TextEncoder().encode(email));
}

/** The address a link's fragment names, or null when it is not one we wrote. */
export function decodeLinkAddress(text: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,512}$/.test(text)) return null;
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    const address = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(binary, (c) => c.charCodeAt(0)),
    );
    return address.includes('@') ? address : null;
  } catch {
    return null;
  }
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { env } from './env.ts';
import { secretString } from './secrets.ts';

/**
 * The stage's signing keys, versioned so a leaked key can be rotated out. The secret (Secrets
 * Manager on AWS; UNSUBSCRIBE_SECRET locally, which the local stack makes at its first start and
 * keeps in `.local/`) is either one key, which is version v1, or a JSON
 * keyring `{"v1": "…", "v2": "…"}`: the highest version signs, every listed version verifies.
 * Rotation: add the next version, let every container start cold, then remove the leaked one
 * (docs/decisions/0012-signed-unsubscribe-links.md).
 */
export interface Keyring {
  current: string;
  keys: ReadonlyMap<string, string>;
}

/** Every stage without a key fails closed, the local one included: no key is written in the code. */
export const KEY_MISSING = 'The unsubscribe signing key is not configured';

const VERSION = /^v([1-9]\d{0,3})$/;

export function parseKeyring(secret: string): Keyring {
  const trimmed = secret.trim();
  const entries: [string, string][] = trimmed.startsWith('{')
    ? Object.entries(JSON.parse(trimmed) as Record<string, unknown>).map(([v, k]) => [v, String(k)])
    : [['v1', trimmed]];
  const valid = entries.filter(([version, key]) => VERSION.test(version) && key.length >= 16);
  if (valid.length === 0 || valid.length !== entries.length)
    throw new Error('The unsubscribe keyring is malformed');
  const number = (version: string) => Number(VERSION.exec(version)![1]);
  const current = valid.map(([v]) => v).sort((a, b) => number(b) - number(a))[0]!;
  return { current, keys: new Map(valid) };
}

let cached: Promise<Keyring> | undefined;

/**
 * The keyring: from Secrets Manager when the stack gives an ARN (once per container), else env.
 */
export function keyring(): Promise<Keyring> {
  const { UNSUBSCRIBE_SECRET_ARN: arn, UNSUBSCRIBE_SECRET: plain } = env();
  if (!arn) {
    if (plain) return Promise.resolve(parseKeyring(plain));
    return Promise.reject(new Error(KEY_MISSING));
  }
  cached ??= secretString(arn)
    .then(parseKeyring)
    .catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
  return cached;
}

/** Tests change the environment's key between runs. */
export function resetKeyringCache(): void {
  cached = undefined;
}

function hmac(key: string, purpose: string, value: string): string {
  return createHmac('sha256', key).update(`${purpose}:${value}`).digest('base64url');
}

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Signed unsubscribe tokens: `{version}.{userId}.{signature}`, HMAC-SHA256 over the user id with
 * that version's key. No expiry: a link in an old mail must still work (RFC 8058 one-click).
 */
export async function unsubscribeToken(userId: string): Promise<string> {
  const ring = await keyring();
  return `${ring.current}.${userId}.${hmac(ring.keys.get(ring.current)!, 'unsubscribe', userId)}`;
}

/**
 * The user id a token was made for, or undefined when it is forged, malformed or signed with a key
 * no longer in the keyring. Tokens without a version (`{userId}.{signature}`, in mails sent before
 * versions existed) were signed with the first key, so they count as v1: they keep working while v1
 * is in the keyring and stop with it.
 */
export async function verifyUnsubscribeToken(token: string): Promise<string | undefined> {
  const parts = token.split('.');
  const [version, userId, signature] =
    parts.length === 3 ? parts : parts.length === 2 ? ['v1', parts[0], parts[1]] : [];
  if (!version || !userId || !signature) return undefined;
  const key = (await keyring()).keys.get(version);
  if (!key) return undefined;
  return sameText(signature, hmac(key, 'unsubscribe', userId)) ? userId : undefined;
}

/**
 * A keyed hash of an e-mail address under each key of the ring (current first): what the
 * suppression list stores instead of the address. The key is derived from the stage's key of that
 * version, so the list cannot be reversed without the secret and rotates with it.
 */
export async function addressHashes(email: string): Promise<{ version: string; hash: string }[]> {
  const ring = await keyring();
  const versions = [ring.current, ...[...ring.keys.keys()].filter((v) => v !== ring.current)];
  return versions.map((version) => {
    const derived = hmac(ring.keys.get(version)!, 'derive', 'suppression');
    return { version, hash: hmac(derived, 'address', email.trim().toLowerCase()) };
  });
}

/**
 * A secret token for `purpose` and `value` under the current key (a key derived per purpose from the
 * stage's key): unguessable without the secret, the same each time it is asked for, and different
 * once the key is rotated.
 */
export async function derivedToken(purpose: string, value: string): Promise<string> {
  const ring = await keyring();
  const derived = hmac(ring.keys.get(ring.current)!, 'derive', purpose);
  return hmac(derived, purpose, value);
}

/**
 * What an invitee's unsubscribe link is signed for, in place of a user id: the keyed hash of their
 * address (they are not a user, and their address is kept nowhere). `~` is in no user id.
 */
const INVITEE = 'invitee';
export async function inviteeSubject(email: string): Promise<string> {
  const [current] = await addressHashes(email);
  return [INVITEE, current!.version, current!.hash].join('~');
}
export function parseInviteeSubject(subject: string): { version: string; hash: string } | undefined {
  const [kind, version, hash, ...rest] = subject.split('~');
  return kind === INVITEE && version && hash && rest.length === 0 ? { version, hash } : undefined;
}

/** The signed unsubscribe links of a user (or of an invitee's `inviteeSubject`). */
export async function unsubscribeUrls(userId: string): Promise<{ oneClick: string; page: string }> {
  const token = encodeURIComponent(await unsubscribeToken(userId));
  return {
    oneClick: new URL(`/api/unsubscribe?token=${token}`, env().SITE_URL).toString(),
    page: new URL(`/unsubscribe?token=${token}`, env().SITE_URL).toString(),
  };
}

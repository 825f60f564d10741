/**
 * The local user pool's own token-signing key. cognito-local signs with a private key shipped inside
 * its npm package, so anyone could mint tokens (admin ones included) that it and the adapter would
 * take. Here a key pair is made on the first start and kept in the stack's data directory (`.local/`),
 * the tokens cognito-local issues are signed again with it, and the adapter and the guarded Cognito
 * calls trust that key and no other.
 */
import crypto, { type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TokenGenerator } from 'cognito-local/lib/services/tokenGenerator.js';

export const TOKEN_KEY_FILE = 'token-signing-key.pem';

export interface LocalTokenKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The public key as the JWKS a Cognito pool serves at /.well-known/jwks.json. */
  jwks: { keys: Record<string, unknown>[] };
}

/** The key in `directory`, made (RSA 2048, readable by the owner only) when there is none yet. */
export function loadOrCreateTokenKey(directory: string): LocalTokenKey {
  const file = path.join(directory, TOKEN_KEY_FILE);
  fs.mkdirSync(directory, { recursive: true });
  if (!fs.existsSync(file)) {
    const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    fs.writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  }
  const privateKey = crypto.createPrivateKey(fs.readFileSync(file));
  const publicKey = crypto.createPublicKey(privateKey);
  const jwk = publicKey.export({ format: 'jwk' });
  // The key's own thumbprint-like id: a new key never shares a kid with an old one.
  const kid = crypto.createHash('sha256').update(`${jwk.n}.${jwk.e}`).digest('base64url').slice(0, 16);
  return { kid, privateKey, publicKey, jwks: { keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] } };
}

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function decodePart(segment: string | undefined): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment ?? '', 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** An RS256 JWT of `payload` under the local key. */
export function signToken(key: LocalTokenKey, payload: Record<string, unknown>): string {
  const input = `${part({ alg: 'RS256', typ: 'JWT', kid: key.kid })}.${part(payload)}`;
  const signature = crypto.sign('sha256', Buffer.from(input), key.privateKey).toString('base64url');
  return `${input}.${signature}`;
}

/**
 * The payload of a token the local key signed and that has not expired, else undefined. Only RS256
 * under this key's kid: cognito-local's shipped key, `alg: none` and HMAC tricks all fail here.
 */
export function verifyToken(
  key: LocalTokenKey,
  token: unknown,
  now = Date.now(),
): Record<string, unknown> | undefined {
  if (typeof token !== 'string') return undefined;
  const [header, payload, signature, ...rest] = token.split('.');
  if (rest.length || !header || !payload || !signature) return undefined;
  const head = decodePart(header);
  if (head?.alg !== 'RS256' || head.kid !== key.kid) return undefined;
  const valid = crypto.verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    key.publicKey,
    Buffer.from(signature, 'base64url'),
  );
  const claims = valid ? decodePart(payload) : undefined;
  if (!claims || typeof claims.exp !== 'number' || claims.exp * 1000 <= now) return undefined;
  return claims;
}

/**
 * cognito-local's token generator with every token signed again under the local key: the same
 * claims (expiry, issuer, audience), another signature. Refresh tokens too, so the string
 * cognito-local stores and later looks up is the one the client holds.
 */
export function resignedTokens(inner: TokenGenerator, key: LocalTokenKey): TokenGenerator {
  const resign = (token: string) => signToken(key, decodePart(token.split('.')[1]) ?? {});
  return {
    async generate(...args: Parameters<TokenGenerator['generate']>) {
      const tokens = await inner.generate(...args);
      return {
        AccessToken: resign(tokens.AccessToken),
        IdToken: resign(tokens.IdToken),
        RefreshToken: resign(tokens.RefreshToken),
      };
    },
  };
}

/**
 * The stage's VAPID keys: the P-256 key pair that signs every push to the push services, and whose
 * public half each browser subscribes with. They are derived from one secret seed (decision 0035):
 * a Secrets Manager secret the stack generates on AWS, a file made at the first start locally
 * (`.local/push-seed`). The same seed gives the same keys, so a cold start never changes them; a
 * new seed would orphan every subscription.
 */
import { createECDH, createHash } from 'node:crypto';
import { env } from '../../runtime/env.ts';
import { secretString } from '../../runtime/secrets.ts';

export interface VapidKeys {
  /** Uncompressed point, base64url: what the browser's applicationServerKey takes. */
  publicKey: string;
  privateKey: string;
}

/** The order of P-256: a private key is a number from 1 to N - 1. */
const N = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

export const PUSH_KEY_MISSING = 'The push signing key is not configured';

/** The key pair for a seed: SHA-256 of it (and a counter, in the rare case that is out of range). */
export function vapidKeysFromSeed(seed: string): VapidKeys {
  if (seed.trim().length < 32) throw new Error(PUSH_KEY_MISSING);
  for (let counter = 0; ; counter++) {
    const candidate = createHash('sha256').update(`vapid:${counter}:${seed.trim()}`).digest();
    const value = BigInt(`0x${candidate.toString('hex')}`);
    if (value === 0n || value >= N) continue;
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(candidate);
    return {
      publicKey: ecdh.getPublicKey().toString('base64url'),
      privateKey: candidate.toString('base64url'),
    };
  }
}

let cached: Promise<VapidKeys> | undefined;

/** The stage's keys: from Secrets Manager when the stack gives an ARN (once per container), else env. */
export function vapidKeys(): Promise<VapidKeys> {
  const { PUSH_SEED_SECRET_ARN: arn, PUSH_SEED: plain } = env();
  if (!arn)
    return plain ? Promise.resolve(vapidKeysFromSeed(plain)) : Promise.reject(new Error(PUSH_KEY_MISSING));
  cached ??= secretString(arn)
    .then(vapidKeysFromSeed)
    .catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
  return cached;
}

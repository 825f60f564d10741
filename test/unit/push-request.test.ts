/**
 * The push request's signature (RFC 8292): an ES256 JWT for the push service's origin, verifiable
 * with the stage's public key, and the key itself in the header. The payload's encryption is checked
 * by decrypting it with http_ece (test/support/push.ts, in the push integration tests).
 */
import { createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { publicJwk, vapidAuthorization } from '../../lambdas/features/push/request.ts';
import { vapidKeysFromSeed } from '../../lambdas/features/push/vapid.ts';

const keys = vapidKeysFromSeed('a seed of at least thirty-two characters, for tests');

describe('vapidAuthorization', () => {
  it('signs the push service’s origin, a 12-hour expiry and our address, with the stage’s key', () => {
    const now = Date.UTC(2027, 0, 15, 8);
    const header = vapidAuthorization(
      'https://fcm.googleapis.com/fcm/send/abc?x=1',
      keys,
      'mailto:a@b.example',
      now,
    );
    const [, token, publicKey] = /^vapid t=([^,]+), k=(.+)$/.exec(header)!;
    expect(publicKey).toBe(keys.publicKey);
    const [head, claims, signature] = token!.split('.');
    expect(JSON.parse(Buffer.from(head!, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
    expect(JSON.parse(Buffer.from(claims!, 'base64url').toString())).toEqual({
      aud: 'https://fcm.googleapis.com',
      exp: now / 1000 + 12 * 3600,
      sub: 'mailto:a@b.example',
    });
    const key = createPublicKey({ format: 'jwk', key: publicJwk(keys.publicKey) });
    const signed = Buffer.from(`${head}.${claims}`);
    const sig = Buffer.from(signature!, 'base64url');
    expect(verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, sig)).toBe(true);
    expect(verify('sha256', Buffer.from(`${head}.x${claims}`), { key, dsaEncoding: 'ieee-p1363' }, sig)).toBe(
      false,
    );
  });
});

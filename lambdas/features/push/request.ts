/**
 * A Web Push request, built with node:crypto alone: the payload encrypted for the subscription
 * (RFC 8291, aes128gcm, one record) and signed for the push service with the stage's VAPID keys
 * (RFC 8292, an ES256 JWT). Written here rather than taken from `web-push`, whose key and proxy
 * dependencies (asn1.js and others, about 100 KB) would take the job's bundles past their 300 KB
 * budget. The tests decrypt what this writes with `http_ece`, the library `web-push` itself uses.
 */
import { createCipheriv, createECDH, createHmac, createPrivateKey, randomBytes, sign } from 'node:crypto';
import type { VapidKeys } from './vapid.ts';

/** One record holds the whole payload (a push carries at most 4 KB). */
const RECORD_SIZE = 4096;
/** How long the push service may trust the signature. */
const VAPID_SECONDS = 12 * 60 * 60;

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();
const text = (value: string) => Buffer.from(value, 'utf8');

/** `payload` encrypted for a subscription's keys, as the body of the push (RFC 8291 §4). */
export function encryptForSubscription(payload: string, p256dh: string, auth: string): Buffer {
  const userAgentKey = Buffer.from(p256dh, 'base64url');
  const server = createECDH('prime256v1');
  const serverKey = server.generateKeys();
  const shared = server.computeSecret(userAgentKey);
  const keyInfo = Buffer.concat([text('WebPush: info\0'), userAgentKey, serverKey, Buffer.from([1])]);
  const inputKey = hmac(hmac(Buffer.from(auth, 'base64url'), shared), keyInfo);
  const salt = randomBytes(16);
  const pseudoRandomKey = hmac(salt, inputKey);
  const contentKey = hmac(pseudoRandomKey, text('Content-Encoding: aes128gcm\0\u0001')).subarray(0, 16);
  const nonce = hmac(pseudoRandomKey, text('Content-Encoding: nonce\0\u0001')).subarray(0, 12);
  const cipher = createCipheriv('aes-128-gcm', contentKey, nonce);
  // The last (and only) record ends with the delimiter 2, unpadded.
  const sealed = Buffer.concat([
    cipher.update(Buffer.concat([text(payload), Buffer.from([2])])),
    cipher.final(),
  ]);
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(serverKey.length, 20);
  return Buffer.concat([header, serverKey, sealed, cipher.getAuthTag()]);
}

/** A P-256 public key (an uncompressed point, base64url) as a JWK: the x and y halves of the point. */
export function publicJwk(publicKey: string) {
  const point = Buffer.from(publicKey, 'base64url');
  return {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
  };
}

/** The `Authorization` header for `endpoint`: `vapid t={ES256 JWT}, k={public key}`. */
export function vapidAuthorization(
  endpoint: string,
  keys: VapidKeys,
  subject: string,
  now = Date.now(),
): string {
  const key = createPrivateKey({ format: 'jwk', key: { ...publicJwk(keys.publicKey), d: keys.privateKey } });
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = { aud: new URL(endpoint).origin, exp: Math.floor(now / 1000) + VAPID_SECONDS, sub: subject };
  const unsigned = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(claims)}`;
  const signature = sign('sha256', Buffer.from(unsigned), { key, dsaEncoding: 'ieee-p1363' });
  return `vapid t=${unsigned}.${signature.toString('base64url')}, k=${keys.publicKey}`;
}

/** The headers and body of one push to a subscription. */
export function pushRequest(
  subscription: { endpoint: string; p256dh: string; auth: string },
  payload: string,
  options: { keys: VapidKeys; subject: string; ttlSeconds: number },
): { headers: Record<string, string>; body: Buffer } {
  return {
    headers: {
      'content-type': 'application/octet-stream',
      'content-encoding': 'aes128gcm',
      ttl: String(options.ttlSeconds),
      urgency: 'normal',
      authorization: vapidAuthorization(subscription.endpoint, options.keys, options.subject),
    },
    body: encryptForSubscription(payload, subscription.p256dh, subscription.auth),
  };
}

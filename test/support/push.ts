/**
 * The stack's fake push service (lib/local/fakePush.ts) and browser-side subscriptions for it: what
 * the server sends is decrypted with the subscription's own keys (http_ece, aes128gcm), as a browser
 * would.
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
// @ts-expect-error http_ece ships no types
import ece from 'http_ece';
import type { FakePushService } from '../../lib/local/fakePush.ts';
import type { LocalStack } from '../../lib/local/stack.ts';
import type { PushPayload, PushSubscriptionInput } from '../../shared/push.ts';

export type { FakePushService, PushRequest } from '../../lib/local/fakePush.ts';

/** The test stack's own fake push service (the only plain-http push service the local stage takes). */
export function stackPushService(stack: LocalStack): FakePushService {
  if (!stack.pushService) throw new Error('This stack was started without its fake push service');
  return stack.pushService;
}

export interface BrowserSubscription {
  input: PushSubscriptionInput;
  /** The push's payload, decrypted with this subscription's private key and auth secret. */
  decrypt(body: Buffer): PushPayload;
}

/** A subscription as a browser makes one: a P-256 key pair and a 16-byte secret. */
export function browserSubscription(origin: string): BrowserSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return {
    input: {
      endpoint: `${origin}/push/${randomUUID()}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
      browser: 'Chrome',
      platform: 'Linux',
    },
    decrypt: (body) =>
      JSON.parse(
        (ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }) as Buffer).toString(
          'utf8',
        ),
      ) as PushPayload,
  };
}

/**
 * A fake push service on 127.0.0.1 and browser-side subscriptions for it: what the server sends is
 * recorded, answered with the statuses a test queues (201 otherwise), and decrypted with the
 * subscription's own keys (http_ece, aes128gcm), as a browser would.
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error http_ece ships no types
import ece from 'http_ece';
import type { PushPayload, PushSubscriptionInput } from '../../shared/push.ts';

export interface PushRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface FakePushService {
  origin: string;
  requests: PushRequest[];
  /** The next answers, in order (then 201 again). */
  answerWith(...statuses: number[]): void;
  /** Answers by path first, when set (pushes to several devices interleave); undefined falls through. */
  answerFor?: (path: string) => number | undefined;
  close(): Promise<void>;
}

export async function startFakePushService(): Promise<FakePushService> {
  const requests: PushRequest[] = [];
  const queued: number[] = [];
  const service = {} as FakePushService;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      requests.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(service.answerFor?.(path) ?? queued.shift() ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(service, {
    origin: `http://127.0.0.1:${port}`,
    requests,
    answerWith: (...statuses: number[]) => void queued.push(...statuses),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
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

/**
 * The local stack's fake push service, for the tests (LocalStackOptions.fakePushService): a Web Push
 * endpoint on 127.0.0.1 that records what the server sends and answers with the statuses a test
 * queues (201 otherwise). The local stage takes plain-http subscriptions on this service's origin
 * and no other, so a local request cannot make the server post to whatever port it names.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { guardHost } from './ownHost.ts';

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
  stop(): Promise<void>;
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
  guardHost(server);
  const { port } = server.address() as AddressInfo;
  return Object.assign(service, {
    origin: `http://127.0.0.1:${port}`,
    requests,
    answerWith: (...statuses: number[]) => void queued.push(...statuses),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

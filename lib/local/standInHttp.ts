/**
 * What the channel stand-ins share: a server on this machine's loopback behind the Host check, a
 * JSON body read whole (up to a limit) and a JSON answer.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { guardHost } from './ownHost.ts';

export interface StandInServer {
  /** http://127.0.0.1:{port} */
  url: string;
  stop(): Promise<void>;
}

/**
 * A stand-in's HTTP server on 127.0.0.1 (`port` 0: any free one), answering only its own Host
 * (ownHost.ts). `handle` answers each request with the request's URL already parsed; an error it
 * throws is answered 500 with its message, so a test sees what went wrong instead of a hung request.
 */
export async function serveStandIn(
  port: number,
  handle: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<unknown>,
): Promise<StandInServer> {
  const server = createServer((req, res) => {
    handle(req, res, new URL(req.url ?? '/', 'http://stand-in')).catch((error: Error) =>
      sendJson(res, 500, { error: error.message }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  guardHost(server);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A request header given once, or null (absent, or repeated). */
export const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : null);

/** Reads a request's body (the stand-ins take small bodies only). */
export function readBody(req: IncomingMessage, limit = 1_000_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** A JSON body as an object, or an empty one (the stand-ins answer what they can). */
export function jsonObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text || '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

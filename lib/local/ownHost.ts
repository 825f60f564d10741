/**
 * DNS rebinding: a web page the developer opens can point a name it controls at 127.0.0.1 and then
 * talk to the local servers as its own origin, reading the mailbox and driving Cognito. Browsers send
 * that name in the Host header, so each local server answers only `localhost` or `127.0.0.1` on its
 * own port, and refuses any other Host with 421 Misdirected Request.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const MISDIRECTED = 421;

/** Whether `host` (a Host header) names this machine's loopback on `port`. */
export function isOwnHost(host: string | undefined, port: number): boolean {
  return host === `localhost:${port}` || host === `127.0.0.1:${port}`;
}

export function refuseForeignHost(req: IncomingMessage, res: ServerResponse): void {
  // Read the body away, so the client has finished sending when the answer comes (no reset).
  req.resume();
  res.writeHead(MISDIRECTED, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
  res.end('This server answers only http://localhost and http://127.0.0.1 on its own port.');
}

/**
 * Puts the Host check in front of a server's existing request listeners (a server made by a library,
 * such as cognito-local's or the SES emulator's). Call it once the server listens.
 */
export function guardHost(server: Server): void {
  const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const { port } = server.address() as AddressInfo;
    if (!isOwnHost(req.headers.host, port)) {
      refuseForeignHost(req, res);
      return;
    }
    for (const listener of listeners) listener.call(server, req, res);
  });
}

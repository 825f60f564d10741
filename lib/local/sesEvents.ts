/**
 * What SES's configuration set does on AWS and the emulator does not: publish a Send event for each
 * mail it accepts, with the mail's tags, to EventBridge and so to our SES events function. A small
 * proxy in front of the emulator passes every request through and, for each accepted SendEmail,
 * hands the same event shape to `publish` a moment later (EventBridge is asynchronous too).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MailboxPages } from './channelsMailbox.ts';
import { guardHost } from './ownHost.ts';

/** EventBridge delivers within seconds on AWS; here, soon after the sender's own record. */
const EVENT_DELAY_MS = 200;
/** EventBridge retries a failed delivery; so does this, a few times with back-off. */
const EVENT_ATTEMPTS = 5;

export type PublishSesEvent = (event: unknown) => Promise<unknown>;

/** The Send event SES publishes for an accepted SendEmail request, or undefined for anything else. */
export function sendEventOf(request: Buffer, response: Buffer): unknown {
  try {
    const { EmailTags = [] } = JSON.parse(request.toString('utf8')) as {
      EmailTags?: { Name: string; Value: string }[];
    };
    const { MessageId } = JSON.parse(response.toString('utf8')) as { MessageId?: string };
    if (!MessageId) return undefined;
    const tags = Object.fromEntries(EmailTags.map((tag) => [tag.Name, [tag.Value]]));
    return {
      source: 'aws.ses',
      'detail-type': 'Email Sent',
      detail: { eventType: 'Send', mail: { messageId: MessageId, tags }, send: {} },
    };
  } catch {
    return undefined;
  }
}

async function deliver(event: unknown, publish: PublishSesEvent, log: (line: string) => void) {
  for (let attempt = 0; attempt < EVENT_ATTEMPTS; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, EVENT_DELAY_MS * 2 ** attempt));
    try {
      await publish(event);
      return;
    } catch (error) {
      log(`SES Send event not handled (attempt ${attempt + 1}): ${(error as Error).message}`);
    }
  }
}

/**
 * Starts the proxy on `port` (0: any free port) in front of the emulator on `upstreamPort`; `pages`
 * adds the mailbox's channel tabs (lib/local/channelsMailbox.ts).
 */
export async function startSesEventProxy(
  port: number,
  upstreamPort: number,
  publish: PublishSesEvent,
  log: (line: string) => void,
  pages?: MailboxPages,
): Promise<{ server: http.Server; port: number }> {
  const server = http.createServer((req, res) => {
    if (pages?.handle(req, res)) return;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: upstreamPort,
          method: req.method,
          path: req.url,
          // The emulator answers its own Host only (ownHost.ts), like every local server.
          headers: { ...req.headers, host: `127.0.0.1:${upstreamPort}` },
          agent: false,
        },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => parts.push(chunk));
          answer.on('end', () => {
            let reply = Buffer.concat(parts);
            const home = pages && req.method === 'GET' && req.url === '/' && answer.statusCode === 200;
            const headers = { ...answer.headers };
            if (home) {
              // The mailbox's own page, with the channel tabs above it.
              reply = Buffer.from(pages.decorate(reply.toString('utf8')));
              headers['content-length'] = String(reply.length);
              delete headers['transfer-encoding'];
              delete headers.etag;
            }
            res.writeHead(answer.statusCode ?? 502, headers);
            res.end(reply);
            const accepted = req.method === 'POST' && req.url?.startsWith('/v2/email/outbound-emails');
            const event = accepted && answer.statusCode === 200 ? sendEventOf(body, reply) : undefined;
            if (event) void deliver(event, publish, log);
          });
        },
      );
      upstream.on('error', (error) => {
        res.writeHead(502);
        res.end(error.message);
      });
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  guardHost(server);
  return { server, port: (server.address() as AddressInfo).port };
}

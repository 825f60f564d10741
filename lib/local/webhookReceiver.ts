/**
 * A small webhook receiver for the local stack: point a webhook at it to see what the product
 * sends. Every POST is kept (path, the X-Renewals-* headers, the body) and answered 200, except
 * under /status/{code}, which answers that code (410 to try 'gone', 500 to try a failure, 302 with
 * a Location inside the machine to see a redirect not followed). GET /_stand-in/deliveries lists
 * them (the mailbox's Webhooks tab, tests, the e2e journey).
 */
import { WEBHOOK_HEADERS } from '../../shared/channels/webhook.ts';
import { header, readBody, sendJson, serveStandIn } from './standInHttp.ts';

export interface ReceivedDelivery {
  /** The path and query it was posted to. */
  path: string;
  signature: string | null;
  event: string | null;
  delivery: string | null;
  body: string;
  status: number;
  at: string;
}

export interface WebhookReceiver {
  url: string;
  deliveries: ReceivedDelivery[];
  stop(): Promise<void>;
}

export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const deliveries: ReceivedDelivery[] = [];
  const server = await serveStandIn(port, async (req, res, url) => {
    const body = await readBody(req, 256 * 1024);
    if (req.method === 'GET' && url.pathname === '/_stand-in/deliveries')
      return sendJson(res, 200, { deliveries });
    if (req.method !== 'POST') return sendJson(res, 405, { error: 'POST a webhook here' });
    const asked = /^\/status\/([1-5][0-9][0-9])$/.exec(url.pathname)?.[1];
    const status = asked ? Number(asked) : 200;
    deliveries.push({
      path: `${url.pathname}${url.search}`,
      signature: header(req.headers[WEBHOOK_HEADERS.signature.toLowerCase()]),
      event: header(req.headers[WEBHOOK_HEADERS.event.toLowerCase()]),
      delivery: header(req.headers[WEBHOOK_HEADERS.delivery.toLowerCase()]),
      body,
      status,
      at: new Date().toISOString(),
    });
    if (status >= 300 && status < 400) {
      res.writeHead(status, { location: 'http://169.254.169.254/latest/meta-data/' });
      return res.end();
    }
    return sendJson(res, status, { received: status < 300 });
  });
  return { ...server, deliveries };
}

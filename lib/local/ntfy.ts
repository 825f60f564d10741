/**
 * A stand-in for an ntfy server: a POST or PUT of a message to /{topic} is kept and answered as
 * ntfy does (`{id, time, event: "message", topic, message, …}`), its title, link, tags and whether
 * it carried a token noted. Topics whose names start with `gone` answer 410 Gone, with `fail` 500,
 * and with `private` 403 unless the access token is `tk_local` (Bearer): a newcomer can try each
 * outcome from the app. GET /{topic}/json?poll=1 lists a topic's messages as ntfy's poll does;
 * GET /_stand-in/messages lists them all (the mailbox's ntfy tab, tests, the e2e journey).
 */
import { randomBytes } from 'node:crypto';
import { header, readBody, sendJson, serveStandIn } from './standInHttp.ts';

/** The access token `private…` topics take. */
export const LOCAL_NTFY_TOKEN = 'tk_local';

export interface NtfyMessage {
  id: string;
  time: number;
  topic: string;
  /** The path it was published to (a server may serve topics under a path). */
  path: string;
  title: string | null;
  message: string;
  click: string | null;
  tags: string | null;
  /** Whether it came with `Authorization: Bearer …`. */
  with_token: boolean;
  /** The answer it got. */
  status: number;
}

export interface NtfyStandIn {
  url: string;
  messages: NtfyMessage[];
  stop(): Promise<void>;
}

const TOPIC = /^[-_A-Za-z0-9]{1,64}$/;

export async function startNtfyStandIn(port = 0): Promise<NtfyStandIn> {
  const messages: NtfyMessage[] = [];
  const server = await serveStandIn(port, async (req, res, url) => {
    const body = await readBody(req, 64 * 1024);
    if (req.method === 'GET' && url.pathname === '/_stand-in/messages')
      return sendJson(res, 200, { messages });
    const segments = url.pathname.split('/').filter(Boolean);
    if (req.method === 'GET' && segments.at(-1) === 'json' && url.searchParams.has('poll')) {
      const topic = segments.at(-2) ?? '';
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      return res.end(
        messages
          .filter((m) => m.topic === topic && m.status === 200)
          .map(
            (m) =>
              `${JSON.stringify({ id: m.id, time: m.time, event: 'message', topic, message: m.message, title: m.title })}\n`,
          )
          .join(''),
      );
    }
    const topic = segments.at(-1) ?? '';
    if ((req.method !== 'POST' && req.method !== 'PUT') || !TOPIC.test(topic))
      return sendJson(res, 404, { code: 40401, http: 404, error: 'page not found' });
    const authorization = header(req.headers.authorization);
    const status = topic.startsWith('gone')
      ? 410
      : topic.startsWith('fail')
        ? 500
        : topic.startsWith('private') && authorization !== `Bearer ${LOCAL_NTFY_TOKEN}`
          ? 403
          : 200;
    const message: NtfyMessage = {
      id: randomBytes(6).toString('base64url'),
      time: Math.floor(Date.now() / 1000),
      topic,
      path: url.pathname,
      title: header(req.headers.title),
      message: body,
      click: header(req.headers.click),
      tags: header(req.headers.tags),
      with_token: authorization?.startsWith('Bearer ') ?? false,
      status,
    };
    messages.push(message);
    if (status === 410) return sendJson(res, 410, { code: 41001, http: 410, error: 'topic gone' });
    if (status === 500) return sendJson(res, 500, { code: 50001, http: 500, error: 'internal server error' });
    if (status === 403) return sendJson(res, 403, { code: 40301, http: 403, error: 'forbidden' });
    return sendJson(res, 200, {
      id: message.id,
      time: message.time,
      expires: message.time + 43_200,
      event: 'message',
      topic,
      message: body,
      ...(message.title ? { title: message.title } : {}),
      ...(message.click ? { click: message.click } : {}),
    });
  });
  return { ...server, messages };
}

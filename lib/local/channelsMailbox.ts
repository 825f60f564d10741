/**
 * The local mailbox's other tabs: what the channel stand-ins received, beside the e-mails. The
 * mailbox page (the SES emulator's, behind its proxy) gains a bar of tabs, 'E-mail', 'Telegram',
 * 'ntfy' and 'Webhooks', and the proxy serves the three pages: the bot's messages by chat (with
 * 'Press Start' for a pasted Connect Telegram link, '/stop' and 'Block the bot'), the ntfy
 * messages by topic, and the webhook deliveries with their headers and bodies. Every value is
 * escaped; the page's buttons post JSON, which a page of another site cannot send here unasked.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NtfyStandIn } from './ntfy.ts';
import { jsonObject, readBody, sendJson } from './standInHttp.ts';
import type { TelegramStandIn } from './telegram.ts';
import type { WebhookReceiver } from './webhookReceiver.ts';

export interface ChannelStandIns {
  telegram: TelegramStandIn;
  ntfy: NtfyStandIn;
  webhooks: WebhookReceiver;
}

export interface MailboxPages {
  /** Serves a tab's page or action; false when the request is the mailbox's own. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  /** The mailbox's page with the tabs above it. */
  decorate(html: string): string;
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const TABS = [
  ['/', 'E-mail'],
  ['/telegram', 'Telegram'],
  ['/ntfy', 'ntfy'],
  ['/webhooks', 'Webhooks'],
] as const;

const STYLE =
  'nav.rr-tabs{display:flex;gap:4px;padding:8px 12px;border-bottom:1px solid #ccc;font:15px system-ui,sans-serif;background:#fafafa}' +
  'nav.rr-tabs a{padding:6px 12px;border-radius:6px;color:#0b4f6c;text-decoration:none}' +
  'nav.rr-tabs a[aria-current=page]{background:#0b4f6c;color:#fff}nav.rr-tabs a:focus-visible{outline:3px solid #f5a623}';

const tabBar = (current: string) =>
  `<style>${STYLE}</style><nav class="rr-tabs" aria-label="Mailbox">${TABS.map(
    ([href, label]) => `<a href="${href}"${href === current ? ' aria-current="page"' : ''}>${label}</a>`,
  ).join('')}</nav>`;

const page = (current: string, title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)} · local mailbox</title>
<style>body{margin:0;font:15px/1.5 system-ui,sans-serif;color:#1f2933}main{padding:12px 16px;max-width:960px}
pre{white-space:pre-wrap;word-break:break-word;background:#f4f7f8;padding:8px;border-radius:6px}
section{border:1px solid #ddd;border-radius:8px;padding:8px 12px;margin:12px 0}button{font:inherit;padding:4px 10px}
input{font:inherit;padding:4px;width:min(100%,520px)}label{display:block;font-weight:600}</style></head>
<body>${tabBar(current)}<main><h1>${escape(title)}</h1>${body}</main>
<script>
async function post(path, body) {
  const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) alert(answer.error || response.status);
  location.reload();
}
</script></body></html>`;

function telegramPage(telegram: TelegramStandIn): string {
  const chats = [...telegram.chats.values()];
  const form = `<form onsubmit="event.preventDefault();post('/telegram/start',{link:this.link.value})">
<label for="link">Connect Telegram link (from Settings)</label>
<input id="link" name="link" required placeholder="https://t.me/…?start=…"> <button>Press Start</button></form>
<p>${telegram.webhook ? `The bot's webhook: ${escape(telegram.webhook.url)}` : 'No webhook is set: the bot is not listening.'}</p>`;
  const sections = chats
    .map((chat) => {
      const said = telegram.messages.filter((m) => m.chat_id === chat.chat_id);
      return `<section aria-label="Chat ${chat.chat_id}"><h2>${escape(chat.first_name)} (chat ${chat.chat_id})${chat.blocked ? ' · bot blocked' : ''}</h2>
<button onclick="post('/telegram/send',{chat_id:${chat.chat_id},text:'/stop'})">Send /stop</button>
<button onclick="post('/telegram/block',{chat_id:${chat.chat_id}})">Block the bot</button>
${said.map((m) => `<pre>${escape(m.at)}\n${escape(m.text)}</pre>`).join('') || '<p>No messages yet.</p>'}</section>`;
    })
    .join('');
  return page('/telegram', 'Telegram', form + (sections || '<p>No chat has pressed Start yet.</p>'));
}

function ntfyPage(ntfy: NtfyStandIn): string {
  const items = [...ntfy.messages]
    .reverse()
    .map(
      (m) => `<section><h2>${escape(m.topic)} · ${m.status}${m.with_token ? ' · with token' : ''}</h2>
<p><strong>${escape(m.title ?? '(no title)')}</strong>${m.click ? ` · opens <a href="${escape(m.click)}">${escape(m.click)}</a>` : ''}</p>
<pre>${escape(m.message)}</pre></section>`,
    )
    .join('');
  return page(
    '/ntfy',
    'ntfy',
    `<p>Topic address for Settings: <code>${escape(ntfy.url)}/my-renewals</code> (a topic starting with <code>gone</code> answers 410, <code>fail</code> 500).</p>${items || '<p>No messages yet.</p>'}`,
  );
}

function webhooksPage(webhooks: WebhookReceiver): string {
  const items = [...webhooks.deliveries]
    .reverse()
    .map(
      (d) => `<section><h2>${escape(d.path)} · answered ${d.status}</h2>
<pre>X-Renewals-Event: ${escape(d.event ?? '')}\nX-Renewals-Delivery: ${escape(d.delivery ?? '')}\nX-Renewals-Signature: ${escape(d.signature ?? '')}</pre>
<pre>${escape(prettyJson(d.body))}</pre></section>`,
    )
    .join('');
  return page(
    '/webhooks',
    'Webhooks',
    `<p>Webhook address for Settings: <code>${escape(webhooks.url)}/hooks/mine</code> (<code>/status/410</code> answers 410, <code>/status/500</code> 500).</p>${items || '<p>No deliveries yet.</p>'}`,
  );
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export function mailboxPages(standIns: ChannelStandIns): MailboxPages {
  const html = (res: ServerResponse, body: string) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(body);
  };
  const action = (
    req: IncomingMessage,
    res: ServerResponse,
    run: (input: Record<string, unknown>) => Promise<unknown>,
  ) => {
    if (req.headers['content-type'] !== 'application/json') {
      req.resume();
      sendJson(res, 415, { error: 'Send JSON' });
      return;
    }
    void readBody(req, 16 * 1024)
      .then((text) => run(jsonObject(text)))
      .then((answer) => sendJson(res, 200, answer))
      .catch((error: Error) => sendJson(res, 400, { error: error.message }));
  };
  const chatId = (input: Record<string, unknown>) => {
    if (typeof input.chat_id !== 'number') throw new Error('Give chat_id');
    return input.chat_id;
  };
  return {
    handle(req, res) {
      const path = (req.url ?? '/').split('?')[0];
      if (req.method === 'GET') {
        if (path === '/telegram') html(res, telegramPage(standIns.telegram));
        else if (path === '/ntfy') html(res, ntfyPage(standIns.ntfy));
        else if (path === '/webhooks') html(res, webhooksPage(standIns.webhooks));
        else return false;
        return true;
      }
      if (req.method !== 'POST') return false;
      if (path === '/telegram/start')
        action(req, res, async (input) => {
          const link =
            typeof input.link === 'string' && URL.canParse(input.link) ? new URL(input.link) : undefined;
          const token = link?.searchParams.get('start');
          if (!token) throw new Error('Paste the whole Connect Telegram link');
          return standIns.telegram.pressStart({ token });
        });
      else if (path === '/telegram/send')
        action(req, res, async (input) => standIns.telegram.type(chatId(input), String(input.text ?? '')));
      else if (path === '/telegram/block')
        action(req, res, async (input) => {
          const chat = standIns.telegram.chats.get(chatId(input));
          if (!chat) throw new Error('No such chat');
          chat.blocked = true;
          return chat;
        });
      else return false;
      return true;
    },
    decorate: (html) => html.replace(/<body([^>]*)>/, (tag) => `${tag}${tabBar('/')}`),
  };
}

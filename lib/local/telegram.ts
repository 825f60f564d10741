/**
 * A stand-in for the Telegram Bot API, enough of it for the product: getMe, setWebhook and
 * sendMessage at /bot{token}/{method}, answering as Telegram does (`{ok, result}` or `{ok: false,
 * error_code, description}`: 401 for a wrong token, 400 'chat not found' for a chat that never
 * pressed Start, 403 'bot was blocked by the user' for one that blocked the bot). And what a person
 * in Telegram would do, for tests, the e2e journey and a newcomer (the mailbox's Telegram tab):
 *
 * - POST /_stand-in/start `{link | token, chat_id?, first_name?}`: press Start in a chat (a new
 *   one unless `chat_id` is given), which posts '/start {token}' to the bot's webhook as Telegram
 *   would, with the secret header, and runs the bot's reply;
 * - POST /_stand-in/send `{chat_id, text}`: type a message ('/stop');
 * - POST /_stand-in/block `{chat_id}`: block the bot in that chat;
 * - GET /_stand-in/messages: every message the bot sent, oldest first, and the chats.
 */
import { jsonObject, readBody, sendJson, serveStandIn } from './standInHttp.ts';

/** The local bot: its token (the local stage's TELEGRAM_BOT_TOKEN) and username. */
export const LOCAL_TELEGRAM_BOT = { token: '1000001:local-bot-token', username: 'RenewalRemindersLocalBot' };

export interface BotMessage {
  message_id: number;
  chat_id: number;
  text: string;
  at: string;
}

export interface StandInChat {
  chat_id: number;
  first_name: string;
  blocked: boolean;
}

export interface TelegramStandIn {
  url: string;
  /** Every message the bot sent, oldest first. */
  messages: BotMessage[];
  chats: Map<number, StandInChat>;
  /** Where setWebhook pointed the bot, and its secret. */
  webhook: { url: string; secret: string } | undefined;
  /** A test's answer for sendMessage to a chat, before the usual ones (undefined: as usual). */
  answerFor?: (chatId: number) => { status: number; description: string } | undefined;
  /** Presses Start with a link's token in a chat (new unless given); what the webhook answered. */
  pressStart(input: { token: string; chatId?: number; firstName?: string }): Promise<PressResult>;
  /** Sends a text from a chat to the bot, as its user would. */
  type(chatId: number, text: string): Promise<PressResult>;
  stop(): Promise<void>;
}

export interface PressResult {
  chat_id: number;
  /** The webhook's HTTP status. */
  status: number;
  /** What the bot replied in the chat, if anything. */
  reply: string | null;
}

/** A connect link's token: https://t.me/{bot}?start={token}. */
const tokenOf = (input: Record<string, unknown>): string | undefined => {
  if (typeof input.token === 'string') return input.token;
  if (typeof input.link !== 'string' || !URL.canParse(input.link)) return undefined;
  return new URL(input.link).searchParams.get('start') ?? undefined;
};

export async function startTelegramStandIn(port = 0): Promise<TelegramStandIn> {
  const messages: BotMessage[] = [];
  const chats = new Map<number, StandInChat>();
  let nextChat = 7_000_001;
  let nextUpdate = 1;
  let nextMessage = 1;
  const standIn = { messages, chats, webhook: undefined } as unknown as TelegramStandIn;

  const record = (chatId: number, text: string): BotMessage => {
    const message = { message_id: nextMessage++, chat_id: chatId, text, at: new Date().toISOString() };
    messages.push(message);
    return message;
  };

  /** Posts a user's text to the bot's webhook and carries out the reply the bot answers with. */
  const deliverUpdate = async (chat: StandInChat, text: string): Promise<PressResult> => {
    const hook = standIn.webhook;
    if (!hook)
      return { chat_id: chat.chat_id, status: 0, reply: 'No webhook is set: the bot is not listening' };
    const update = {
      update_id: nextUpdate++,
      message: {
        message_id: nextMessage++,
        from: { id: chat.chat_id, is_bot: false, first_name: chat.first_name },
        chat: { id: chat.chat_id, type: 'private', first_name: chat.first_name },
        date: Math.floor(Date.now() / 1000),
        text,
      },
    };
    const response = await fetch(hook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': hook.secret },
      body: JSON.stringify(update),
    });
    const answer = jsonObject(await response.text());
    const reply =
      answer.method === 'sendMessage' && typeof answer.text === 'string' && answer.chat_id === chat.chat_id
        ? record(chat.chat_id, answer.text).text
        : null;
    return { chat_id: chat.chat_id, status: response.status, reply };
  };

  const chatFor = (chatId: number | undefined, firstName = 'Sam'): StandInChat => {
    const id = chatId ?? nextChat++;
    const chat = chats.get(id) ?? { chat_id: id, first_name: firstName.slice(0, 64), blocked: false };
    chats.set(id, chat);
    return chat;
  };

  standIn.pressStart = ({ token, chatId, firstName }) => {
    const chat = chatFor(chatId, firstName);
    // Pressing Start again unblocks the bot, as in Telegram.
    chat.blocked = false;
    return deliverUpdate(chat, `/start ${token}`);
  };
  standIn.type = (chatId, text) => deliverUpdate(chatFor(chatId), text);

  const botApi = (method: string, params: Record<string, unknown>) => {
    switch (method) {
      case 'getMe':
        return {
          status: 200,
          body: {
            ok: true,
            result: {
              id: 1000001,
              is_bot: true,
              first_name: 'Renewal Reminders (local)',
              username: LOCAL_TELEGRAM_BOT.username,
            },
          },
        };
      case 'setWebhook': {
        const url = typeof params.url === 'string' ? params.url : '';
        standIn.webhook = url ? { url, secret: String(params.secret_token ?? '') } : undefined;
        return {
          status: 200,
          body: { ok: true, result: true, description: url ? 'Webhook was set' : 'Webhook was deleted' },
        };
      }
      case 'sendMessage': {
        const chatId = Number(params.chat_id);
        const injected = standIn.answerFor?.(chatId);
        if (injected)
          return {
            status: injected.status,
            body: { ok: false, error_code: injected.status, description: injected.description },
          };
        const chat = chats.get(chatId);
        if (!chat)
          return {
            status: 400,
            body: { ok: false, error_code: 400, description: 'Bad Request: chat not found' },
          };
        if (chat.blocked)
          return {
            status: 403,
            body: { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' },
          };
        const text = typeof params.text === 'string' ? params.text : '';
        if (!text)
          return {
            status: 400,
            body: { ok: false, error_code: 400, description: 'Bad Request: message text is empty' },
          };
        const sent = record(chatId, text);
        return {
          status: 200,
          body: {
            ok: true,
            result: { message_id: sent.message_id, chat: { id: chatId, type: 'private' }, date: 0, text },
          },
        };
      }
      default:
        return { status: 404, body: { ok: false, error_code: 404, description: 'Not Found' } };
    }
  };

  const server = await serveStandIn(port, async (req, res, url) => {
    const input = jsonObject(await readBody(req));
    const api = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
    if (api) {
      if (api[1] !== LOCAL_TELEGRAM_BOT.token)
        return sendJson(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
      const params = { ...Object.fromEntries(url.searchParams), ...input };
      const { status, body } = botApi(api[2]!, params);
      return sendJson(res, status, body);
    }
    if (req.method === 'GET' && url.pathname === '/_stand-in/messages')
      return sendJson(res, 200, { messages, chats: [...chats.values()] });
    if (req.method !== 'POST') return sendJson(res, 404, { error: 'Not found' });
    const chatId = typeof input.chat_id === 'number' ? input.chat_id : undefined;
    switch (url.pathname) {
      case '/_stand-in/start': {
        const token = tokenOf(input);
        if (!token) return sendJson(res, 400, { error: 'Give the Connect Telegram link (or its token)' });
        const firstName = typeof input.first_name === 'string' ? input.first_name : undefined;
        return sendJson(res, 200, await standIn.pressStart({ token, chatId, firstName }));
      }
      case '/_stand-in/send':
        if (chatId === undefined || typeof input.text !== 'string')
          return sendJson(res, 400, { error: 'Give chat_id and text' });
        return sendJson(res, 200, await standIn.type(chatId, input.text));
      case '/_stand-in/block': {
        const chat = chatId === undefined ? undefined : chats.get(chatId);
        if (!chat) return sendJson(res, 404, { error: 'No such chat' });
        chat.blocked = true;
        return sendJson(res, 200, chat);
      }
      default:
        return sendJson(res, 404, { error: 'Not found' });
    }
  });
  standIn.url = server.url;
  standIn.stop = server.stop;
  return standIn;
}

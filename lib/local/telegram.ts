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

/** What the stand-in holds: the handle tests read, and the next ids it hands out. */
interface Bot {
  standIn: TelegramStandIn;
  next: { chat: number; update: number; message: number };
}

/** A message the bot sent, kept in the order sent. */
function record(bot: Bot, chatId: number, text: string): BotMessage {
  const message = { message_id: bot.next.message++, chat_id: chatId, text, at: new Date().toISOString() };
  bot.standIn.messages.push(message);
  return message;
}

/** Posts a user's text to the bot's webhook and carries out the reply the bot answers with. */
async function deliverUpdate(bot: Bot, chat: StandInChat, text: string): Promise<PressResult> {
  const hook = bot.standIn.webhook;
  if (!hook)
    return { chat_id: chat.chat_id, status: 0, reply: 'No webhook is set: the bot is not listening' };
  const update = {
    update_id: bot.next.update++,
    message: {
      message_id: bot.next.message++,
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
      ? record(bot, chat.chat_id, answer.text).text
      : null;
  return { chat_id: chat.chat_id, status: response.status, reply };
}

/** The chat of that id (a new one when none is given), kept. */
function chatFor({ standIn, next }: Bot, chatId: number | undefined, firstName = 'Sam'): StandInChat {
  const id = chatId ?? next.chat++;
  const chat = standIn.chats.get(id) ?? { chat_id: id, first_name: firstName.slice(0, 64), blocked: false };
  standIn.chats.set(id, chat);
  return chat;
}

type BotAnswer = { status: number; body: Record<string, unknown> };

/** A refusal as Telegram answers one: its status, repeated as error_code, and what it says. */
const refused = (status: number, description: string): BotAnswer => ({
  status,
  body: { ok: false, error_code: status, description },
});

/** sendMessage: to a chat that pressed Start and has not blocked the bot, a text that is not empty. */
function sendMessage(bot: Bot, params: Record<string, unknown>): BotAnswer {
  const chatId = Number(params.chat_id);
  const injected = bot.standIn.answerFor?.(chatId);
  if (injected) return refused(injected.status, injected.description);
  const chat = bot.standIn.chats.get(chatId);
  if (!chat) return refused(400, 'Bad Request: chat not found');
  if (chat.blocked) return refused(403, 'Forbidden: bot was blocked by the user');
  const text = typeof params.text === 'string' ? params.text : '';
  if (!text) return refused(400, 'Bad Request: message text is empty');
  const sent = record(bot, chatId, text);
  return {
    status: 200,
    body: {
      ok: true,
      result: { message_id: sent.message_id, chat: { id: chatId, type: 'private' }, date: 0, text },
    },
  };
}

/** The Bot API's methods the product calls. */
function botApi(bot: Bot, method: string, params: Record<string, unknown>): BotAnswer {
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
      bot.standIn.webhook = url ? { url, secret: String(params.secret_token ?? '') } : undefined;
      return {
        status: 200,
        body: { ok: true, result: true, description: url ? 'Webhook was set' : 'Webhook was deleted' },
      };
    }
    case 'sendMessage':
      return sendMessage(bot, params);
    default:
      return refused(404, 'Not Found');
  }
}

/** What a person in Telegram does (/_stand-in/start, send, block), and what the bot sent (messages). */
async function personRoute(
  { standIn }: Bot,
  method: string | undefined,
  path: string,
  input: Record<string, unknown>,
): Promise<{ status: number; body: unknown }> {
  if (method === 'GET' && path === '/_stand-in/messages')
    return { status: 200, body: { messages: standIn.messages, chats: [...standIn.chats.values()] } };
  if (method !== 'POST') return { status: 404, body: { error: 'Not found' } };
  const chatId = typeof input.chat_id === 'number' ? input.chat_id : undefined;
  switch (path) {
    case '/_stand-in/start': {
      const token = tokenOf(input);
      if (!token) return { status: 400, body: { error: 'Give the Connect Telegram link (or its token)' } };
      const firstName = typeof input.first_name === 'string' ? input.first_name : undefined;
      return { status: 200, body: await standIn.pressStart({ token, chatId, firstName }) };
    }
    case '/_stand-in/send':
      if (chatId === undefined || typeof input.text !== 'string')
        return { status: 400, body: { error: 'Give chat_id and text' } };
      return { status: 200, body: await standIn.type(chatId, input.text) };
    case '/_stand-in/block': {
      const chat = chatId === undefined ? undefined : standIn.chats.get(chatId);
      if (!chat) return { status: 404, body: { error: 'No such chat' } };
      chat.blocked = true;
      return { status: 200, body: chat };
    }
    default:
      return { status: 404, body: { error: 'Not found' } };
  }
}

export async function startTelegramStandIn(port = 0): Promise<TelegramStandIn> {
  const standIn = { messages: [], chats: new Map(), webhook: undefined } as unknown as TelegramStandIn;
  const bot: Bot = { standIn, next: { chat: 7_000_001, update: 1, message: 1 } };
  standIn.pressStart = ({ token, chatId, firstName }) => {
    const chat = chatFor(bot, chatId, firstName);
    // Pressing Start again unblocks the bot, as in Telegram.
    chat.blocked = false;
    return deliverUpdate(bot, chat, `/start ${token}`);
  };
  standIn.type = (chatId, text) => deliverUpdate(bot, chatFor(bot, chatId), text);

  const server = await serveStandIn(port, async (req, res, url) => {
    const input = jsonObject(await readBody(req));
    const api = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
    if (api) {
      if (api[1] !== LOCAL_TELEGRAM_BOT.token) {
        const { status, body } = refused(401, 'Unauthorized');
        return sendJson(res, status, body);
      }
      const params = { ...Object.fromEntries(url.searchParams), ...input };
      const { status, body } = botApi(bot, api[2]!, params);
      return sendJson(res, status, body);
    }
    const { status, body } = await personRoute(bot, req.method, url.pathname, input);
    return sendJson(res, status, body);
  });
  standIn.url = server.url;
  standIn.stop = server.stop;
  return standIn;
}

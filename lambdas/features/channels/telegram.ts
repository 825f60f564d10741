/**
 * The Telegram Bot API, the few methods the product uses: sendMessage (the day's message, a test),
 * getMe and setWebhook (the bot's set-up). The bot's token is the stage's: on AWS in Secrets Manager
 * (context `telegramBotSecret`), locally the stand-in's. The webhook's secret header value is
 * derived from the token, so the two never drift apart and rotating the token rotates it too.
 * Telegram's own address is fixed (no user gives it), so this calls it with plain fetch.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { env } from '../../runtime/env.ts';
import { logger } from '../../runtime/logger.ts';
import { secretString } from '../../runtime/secrets.ts';
import type { ChannelOutcome } from './outcome.ts';

/** Telegram's limit on a message's text (characters). */
export const TELEGRAM_TEXT_MAX = 4096;
const TELEGRAM_TIMEOUT_MS = 5000;

/** The header Telegram sends with each update, holding setWebhook's secret_token. */
export const TELEGRAM_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** The bot's token: the local stack's own, or on AWS the stage's secret (read once per container). */
export async function telegramBotToken(): Promise<string | undefined> {
  const { TELEGRAM_BOT_TOKEN: token, TELEGRAM_BOT_TOKEN_SECRET_ID: secretId } = env();
  if (token) return token;
  if (!secretId) return undefined;
  try {
    return (await secretString(secretId)).trim() || undefined;
  } catch (error) {
    // A missing or unreadable secret is Telegram being off, in words, never a 500 of ours.
    logger.error('The Telegram bot token could not be read', { error });
    return undefined;
  }
}

/** The bot, when the stage has one: its username and token. */
export async function telegramBot(): Promise<{ username: string; token: string } | undefined> {
  const username = env().TELEGRAM_BOT_USERNAME;
  if (!username) return undefined;
  const token = await telegramBotToken();
  return token ? { username, token } : undefined;
}

/**
 * setWebhook's secret_token, derived from the bot's token: 64 hex characters (Telegram takes 1 to
 * 256 of A-Z, a-z, 0-9, _ and -).
 */
export const webhookSecretOf = (botToken: string) =>
  createHmac('sha256', botToken).update('renewal-reminders telegram webhook').digest('hex');

/** Whether an update's header is the bot's secret, compared in constant time. */
export function isTelegramSecret(given: string | undefined, botToken: string): boolean {
  if (!given) return false;
  const wanted = Buffer.from(webhookSecretOf(botToken));
  const actual = Buffer.from(given);
  return actual.length === wanted.length && timingSafeEqual(actual, wanted);
}

const apiAnswer = z.object({
  ok: z.boolean(),
  result: z.unknown().optional(),
  error_code: z.number().optional(),
  description: z.string().optional(),
});
type ApiAnswer = z.infer<typeof apiAnswer>;

/** One Bot API call. Never throws: a network failure or an unreadable answer is an answer too. */
async function callApi(
  token: string,
  method: string,
  params: Record<string, unknown>,
): Promise<{ status: number | null; answer: ApiAnswer | undefined; error?: string }> {
  try {
    const response = await fetch(`${env().TELEGRAM_API_URL}/bot${token}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(params),
      redirect: 'manual',
      signal: AbortSignal.timeout(TELEGRAM_TIMEOUT_MS),
    });
    const parsed = apiAnswer.safeParse(await response.json().catch(() => undefined));
    return { status: response.status, answer: parsed.success ? parsed.data : undefined };
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    return {
      status: null,
      answer: undefined,
      error: timedOut ? 'Telegram did not answer within 5 seconds' : 'Telegram could not be reached',
    };
  }
}

/**
 * Telegram's words for a chat the bot can no longer write to: the user blocked the bot, deleted
 * their account, or the chat is not there.
 */
const GONE =
  /bot was blocked by the user|user is deactivated|bot was kicked|chat not found|bot can't initiate conversation/i;

/** Sends `text` to a chat: delivered, gone (the chat is closed to the bot), or failed. */
export async function sendTelegramMessage(
  token: string,
  chatId: number,
  text: string,
): Promise<ChannelOutcome> {
  const { status, answer, error } = await callApi(token, 'sendMessage', {
    chat_id: chatId,
    text: text.slice(0, TELEGRAM_TEXT_MAX),
    link_preview_options: { is_disabled: true },
  });
  if (status === null) return { outcome: 'failed', httpStatus: null, summary: error ?? 'No answer' };
  if (answer?.ok) return { outcome: 'delivered', httpStatus: status, summary: 'Telegram delivered it' };
  const description = answer?.description ?? `HTTP ${status}`;
  if ((status === 403 || status === 400) && GONE.test(description))
    return { outcome: 'gone', httpStatus: status, summary: `Telegram says: ${description}` };
  return { outcome: 'failed', httpStatus: status, summary: `Telegram refused it: ${description}` };
}

/** setWebhook: Telegram posts the bot's updates to `url` with the derived secret header. */
export async function setTelegramWebhook(
  token: string,
  url: string,
): Promise<{ ok: boolean; description: string }> {
  const { answer, error } = await callApi(token, 'setWebhook', {
    url,
    secret_token: webhookSecretOf(token),
    allowed_updates: ['message'],
    drop_pending_updates: true,
  });
  return { ok: answer?.ok ?? false, description: answer?.description ?? error ?? 'No answer' };
}

/** getMe: the bot's username as Telegram knows it (the set-up script checks the setting against it). */
export async function telegramBotName(token: string): Promise<string | undefined> {
  const { answer } = await callApi(token, 'getMe', {});
  const me = z.object({ username: z.string() }).safeParse(answer?.result);
  return me.success ? me.data.username : undefined;
}

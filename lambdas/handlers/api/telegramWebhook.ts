import { TELEGRAM_UPDATE_MAX_BYTES } from '../../../shared/channelRoutes.ts';
import { CHANNEL_MESSAGES } from '../../../shared/channels/kinds.ts';
import { API } from '../../../shared/routes.ts';
import type { TelegramWebhookAnswer } from '../../../shared/channels/telegram.ts';
import { handleTelegramUpdate } from '../../features/channels/bot.ts';
import { isTelegramSecret, TELEGRAM_SECRET_HEADER, telegramBot } from '../../features/channels/telegram.ts';
import { HttpError } from '../../runtime/http.ts';
import { route } from '../../features/account/route.ts';

/**
 * The bot's webhook. Without the secret header Telegram was given (setWebhook's secret_token,
 * compared in constant time) it is a 401; with it, always a 200, so Telegram never sends an update
 * again: an unreadable or unhandled one is ignored.
 */
const IGNORED: TelegramWebhookAnswer = { ok: true };

export const handler = route(API.telegramWebhook, async ({ event }) => {
  const bot = await telegramBot();
  if (!bot) throw new HttpError(404, CHANNEL_MESSAGES.telegramUnavailable);
  if (!isTelegramSecret(event.headers?.[TELEGRAM_SECRET_HEADER], bot.token))
    throw new HttpError(401, 'Unauthorized');
  const text =
    event.isBase64Encoded && event.body ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (!text || Buffer.byteLength(text) > TELEGRAM_UPDATE_MAX_BYTES) return IGNORED;
  let update: unknown;
  try {
    update = JSON.parse(text);
  } catch {
    return IGNORED;
  }
  return handleTelegramUpdate(update, new Date());
});

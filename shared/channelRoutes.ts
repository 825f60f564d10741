/**
 * The alert channels' routes of the API contract (shared/routes.ts spreads them in): Telegram,
 * ntfy and the signed webhook. The signed-in routes share one function (group 'channels'); the
 * Telegram bot's webhook is public, checked by the secret header Telegram sends with each update.
 * Every signed-in route starts from the caller's own partition, where each channel is one item of
 * a closed list of kinds.
 */
import { returns, type NoContent, type RouteSpec } from './contract.ts';
import { channelKindParamSchema, ntfySettingsSchema, webhookSettingsSchema } from './channels/inputs.ts';
import type { Channels, ChannelTestResult, NtfyChannel, WebhookChannel } from './channels/kinds.ts';
import type { TelegramConnectLink, TelegramWebhookAnswer } from './channels/telegram.ts';

/** The largest update the bot's webhook reads: a /start or /stop is a few hundred bytes. */
export const TELEGRAM_UPDATE_MAX_BYTES = 16_384;

export const CHANNEL_ROUTES = {
  /** The Notifications card: each channel as set up (or null), and whether Telegram is offered. */
  getChannels: {
    group: 'channels',
    method: 'GET',
    path: '/api/channels/me',
    access: 'user',
    response: returns<Channels>(),
  },
  /**
   * 'Connect Telegram': a one-time link to the bot (15 minutes, once). The chat is bound when Start
   * is pressed in Telegram; the card reads the channels again to see it. 404 where the site has no bot.
   */
  connectTelegram: {
    group: 'channels',
    method: 'POST',
    path: '/api/channels/telegram/connect',
    access: 'user',
    response: returns<TelegramConnectLink>(),
  },
  /** ntfy's topic address and access token: saving turns the channel on (again). */
  saveNtfyChannel: {
    group: 'channels',
    method: 'PUT',
    path: '/api/channels/ntfy',
    access: 'user',
    body: ntfySettingsSchema,
    response: returns<{ channel: NtfyChannel }>(),
  },
  /**
   * The webhook's address: saving turns it on (again). A new webhook gets its signing secret,
   * shown this once (`secret`); changing the address keeps the secret (`secret` null).
   */
  saveWebhookChannel: {
    group: 'channels',
    method: 'PUT',
    path: '/api/channels/webhook',
    access: 'user',
    body: webhookSettingsSchema,
    response: returns<{ channel: WebhookChannel; secret: string | null }>(),
  },
  /** 'Rotate secret': a new signing secret, shown this once; the old one signs nothing more. */
  rotateWebhookSecret: {
    group: 'channels',
    method: 'POST',
    path: '/api/channels/webhook/secret',
    access: 'user',
    response: returns<{ channel: WebhookChannel; secret: string }>(),
  },
  /** 'Send a test': one message now, and what the service answered (404 when not set up). */
  testChannel: {
    group: 'channels',
    method: 'POST',
    path: '/api/channels/{kind}/test',
    access: 'user',
    params: channelKindParamSchema,
    response: returns<ChannelTestResult>(),
  },
  /** 'Disconnect' / 'Remove': the channel's item goes (404 when not set up). */
  removeChannel: {
    group: 'channels',
    method: 'DELETE',
    path: '/api/channels/{kind}',
    access: 'user',
    params: channelKindParamSchema,
    status: 204,
    response: returns<NoContent>(),
  },
  /**
   * The bot's webhook, which Telegram calls with each update (setWebhook with our secret_token).
   * 401 without the right X-Telegram-Bot-Api-Secret-Token; with it, always 200 (an update it does
   * not handle is ignored): '/start {token}' binds the chat, '/stop' ends it. The body is read by
   * the handler (zod), so a shape it does not know is ignored rather than refused.
   */
  telegramWebhook: {
    method: 'POST',
    path: '/api/telegram/webhook',
    access: 'public',
    maxBodyBytes: TELEGRAM_UPDATE_MAX_BYTES,
    response: returns<TelegramWebhookAnswer>(),
  },
} as const satisfies Record<string, RouteSpec>;

/**
 * Telegram's connect link and the bot's answers. 'Connect Telegram' gives a one-time link to the
 * product's bot (https://t.me/{bot}?start={token}); pressing Start in Telegram sends '/start {token}'
 * to the bot's webhook, which binds that chat to the account once, within TELEGRAM_LINK_MINUTES.
 * The token is random and kept only as its hash.
 */

/** How long a connect link works, once. */
export const TELEGRAM_LINK_MINUTES = 15;

/** The connect link's token: 32 random bytes, base64url (Telegram takes A-Z, a-z, 0-9, _ and -, up to 64). */
export const TELEGRAM_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** POST /api/channels/telegram/connect. */
export interface TelegramConnectLink {
  /** https://t.me/{bot}?start={token}: opens the bot in Telegram with Start ready to press. */
  link: string;
  /** The bot's username, for 'Open @{bot} in Telegram'. */
  bot: string;
  expires_at: string;
}

/** The link to the bot with a start token. */
export const telegramStartLink = (bot: string, token: string) =>
  `https://t.me/${encodeURIComponent(bot)}?start=${token}`;

/**
 * What the bot's webhook answers Telegram: 200 always once the secret header is right (an update
 * it does not handle is ignored, so Telegram does not send it again), with the bot's reply to the
 * chat as a Bot API method in the answer's body where it has one.
 */
export type TelegramWebhookAnswer = { ok: true } | { method: 'sendMessage'; chat_id: number; text: string };

/** What the bot says in the chat. */
export const TELEGRAM_REPLIES = {
  connected:
    'Connected: your renewal reminders will arrive here, one message on a day something is due. Send /stop to turn them off.',
  linkUsed:
    'That link has expired or was used already. Open Settings, Notifications, and press Connect Telegram again.',
  stopped: 'Stopped: no more renewal reminders here. Connect again from Settings whenever you like.',
  help: 'This bot sends your renewal reminders. Connect it from Settings, Notifications, on the website.',
} as const;

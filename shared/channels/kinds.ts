/**
 * Alert channels beside e-mail and Web Push: Telegram, ntfy and a signed webhook. Each takes the
 * day's one message (the renewals the day's e-mail lists), at most once a day per channel, through
 * the same plan and claims as the e-mail and the push. This module holds what the API shows of them
 * and what both sides say about them; the settings each one takes are in ./inputs.ts, the webhook's
 * body in ./webhook.ts and Telegram's connect link in ./telegram.ts.
 */

/** The channels, a closed list: one item of each at most in a user's partition. */
export const CHANNEL_KINDS = ['telegram', 'ntfy', 'webhook'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** Whether the reminder job has a channel of these to send the day's message on. */
export const hasAlertChannels = (profile: { alert_channels: readonly ChannelKind[] }) =>
  profile.alert_channels.length > 0;

/** Each channel's name as the product writes it. */
export const CHANNEL_NAMES: Record<ChannelKind, string> = {
  telegram: 'Telegram',
  ntfy: 'ntfy',
  webhook: 'Webhook',
};

/**
 * 'on': the day's message goes. 'off': the service said the channel is gone (a webhook or ntfy
 * server's 410, Telegram's 'bot was blocked' or 'chat not found': the user was told by e-mail), or
 * the Telegram chat sent /stop or was connected to another account; nothing more is sent. Saving it
 * again (or connecting Telegram again) turns it back on; 'Remove' takes it away.
 */
export const CHANNEL_STATUSES = ['on', 'off'] as const;
export type ChannelStatus = (typeof CHANNEL_STATUSES)[number];

interface ChannelCommon {
  status: ChannelStatus;
  /** Why it went off, in words ('Telegram says the bot was blocked'); null while on. */
  off_reason: string | null;
  /** When it went off; null while on (and for a channel turned off before this was kept). */
  off_at: string | null;
  /** When it was set up (connected, or last saved). */
  created_at: string;
}

/** Telegram: a chat with the product's bot, bound to the account by its one-time link. */
export interface TelegramChannel extends ChannelCommon {
  kind: 'telegram';
  /** The Telegram name of whoever pressed Start (first name, or @username), as Telegram gave it. */
  chat_name: string | null;
}

/** ntfy: a topic on ntfy.sh or the user's own server. */
export interface NtfyChannel extends ChannelCommon {
  kind: 'ntfy';
  topic_url: string;
  /** An access token is kept (sent as Bearer); the token itself is never shown again. */
  has_token: boolean;
}

/** What one call to a channel's service did (the day's message, or 'Send a test'). */
export const DELIVERY_OUTCOMES = ['delivered', 'failed', 'gone'] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

/**
 * A webhook delivery's state in its list: what the call did, or 'retrying' for a day's delivery
 * that failed and will be tried again (with the same id) when the job's message comes back. A
 * failure that is not retried (a test, or the last attempt) stays 'failed'.
 */
export const DELIVERY_STATES = [...DELIVERY_OUTCOMES, 'retrying'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** The webhook's last deliveries kept: a capped list, never longer. */
export const WEBHOOK_DELIVERIES_KEPT = 10;

export interface WebhookDelivery {
  /** The delivery's id: the body's `id` and the X-Renewals-Delivery header (the same on each retry). */
  id: string;
  /** When this attempt was made. */
  at: string;
  /** The body's `type`: the day's renewals or 'Send a test'. */
  event: 'renewals.due' | 'webhook.test';
  outcome: DeliveryState;
  /** The HTTP status the receiver answered; null when there was no answer (time-out, refused address). */
  http_status: number | null;
  /** What happened, in words ('Answered 200 OK', 'No answer within 5 seconds'). */
  summary: string;
  /** 1 for the first try; a retry of the same delivery counts up. */
  attempt: number;
}

/** A webhook: an https address of the user's, to which each day's renewals are posted, signed. */
export interface WebhookChannel extends ChannelCommon {
  kind: 'webhook';
  url: string;
  /** The signing secret's first characters ('whsec_AbC1…'), so a user can tell which one they hold. */
  secret_hint: string;
  /**
   * After 'Rotate secret': until when the secret before it still signs too (each request then
   * carries both signatures), so a receiver can switch over without refusing a delivery; null
   * when only the current secret signs.
   */
  previous_secret_until: string | null;
  /** The last WEBHOOK_DELIVERIES_KEPT deliveries, newest first. */
  deliveries: WebhookDelivery[];
}

export type Channel = TelegramChannel | NtfyChannel | WebhookChannel;

/** GET /api/channels/me: each channel as set up, or null. */
export interface Channels {
  telegram: TelegramChannel | null;
  ntfy: NtfyChannel | null;
  webhook: WebhookChannel | null;
  /** Whether this site offers Telegram at all (a bot is configured); when false, 'Connect Telegram' answers 404. */
  telegram_available: boolean;
}

/** What 'Send a test' did: what the service answered, summarised. */
export interface ChannelTestResult {
  kind: ChannelKind;
  outcome: DeliveryOutcome;
  /** The HTTP status the service answered; null when there was no answer. */
  http_status: number | null;
  /** What came back, in words ('ntfy accepted it (message id abc123)', 'Refused: that address is on a private network'). */
  summary: string;
}

// The messages live in a module of their own, which only what shows them loads (the senders do not).
export { CHANNEL_MESSAGES, CHANNEL_TESTS_PER_DAY } from './messages.ts';

/** Why Telegram went off when the chat itself ended it, as the card says it. */
export const TELEGRAM_OFF_REASONS = {
  stopped: 'you sent /stop to the bot in Telegram',
  moved: 'that Telegram chat was connected to another account',
} as const;

/** Why a channel went off, as the card and the mail say it (after 'We have stopped sending … to X: '). */
export const CHANNEL_OFF_REASONS: Record<ChannelKind, string> = {
  telegram: 'Telegram says the bot was blocked or the chat is gone',
  ntfy: 'the ntfy server says the topic is gone (410 Gone)',
  webhook: 'your server answered 410 Gone',
};

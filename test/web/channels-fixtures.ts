/** Test data for the Notifications card's alert channels: each channel as GET /api/channels/me gives it. */
import type {
  Channels,
  NtfyChannel,
  TelegramChannel,
  WebhookChannel,
  WebhookDelivery,
} from '#shared/channels/kinds.ts';

export const SECRET = 'whsec_AbC1xY9zQ8wV7uT6sR5qP4oN3mL2kJ1iH0gF9eD8cB7';

export const noChannels = (over: Partial<Channels> = {}): Channels => ({
  telegram: null,
  ntfy: null,
  webhook: null,
  telegram_available: true,
  ...over,
});

export const aTelegram = (over: Partial<TelegramChannel> = {}): TelegramChannel => ({
  kind: 'telegram',
  status: 'on',
  off_reason: null,
  off_at: null,
  created_at: '2026-11-29T08:03:00.000Z',
  chat_name: 'Alex',
  ...over,
});

export const anNtfy = (over: Partial<NtfyChannel> = {}): NtfyChannel => ({
  kind: 'ntfy',
  status: 'on',
  off_reason: null,
  off_at: null,
  created_at: '2026-11-29T08:03:00.000Z',
  topic_url: 'https://ntfy.sh/alex-renewals-k7q2',
  has_token: false,
  ...over,
});

export const aDelivery = (over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 'dlv_1',
  at: '2026-11-29T08:00:05.000Z',
  event: 'renewals.due',
  outcome: 'delivered',
  http_status: 200,
  summary: 'Answered 200 OK',
  attempt: 1,
  ...over,
});

export const aWebhook = (over: Partial<WebhookChannel> = {}): WebhookChannel => ({
  kind: 'webhook',
  status: 'on',
  off_reason: null,
  off_at: null,
  created_at: '2026-11-28T10:00:00.000Z',
  url: 'https://hooks.example.com/renewals',
  secret_hint: 'whsec_AbC1',
  previous_secret_until: null,
  deliveries: [],
  ...over,
});

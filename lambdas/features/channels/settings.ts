/**
 * The Notifications card's use cases for the alert channels: the list, Telegram's connect link,
 * saving ntfy and the webhook, the webhook's secret, 'Send a test' and removing. The routes stay
 * thin; the stores persist.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  CHANNEL_MESSAGES,
  CHANNEL_OFF_REASONS,
  CHANNEL_TESTS_PER_DAY,
} from '../../../shared/channels/kinds.ts';
import type { ChannelKind, ChannelTestResult, Channels } from '../../../shared/channels/kinds.ts';
import type { NtfySettings } from '../../../shared/channels/inputs.ts';
import { channelUrlProblem, isLocalStandInUrl } from '../../../shared/channels/urls.ts';
import {
  TELEGRAM_LINK_MINUTES,
  telegramStartLink,
  type TelegramConnectLink,
} from '../../../shared/channels/telegram.ts';
import { siteLink } from '../../mail/compose.ts';
import { env } from '../../runtime/env.ts';
import { DomainError } from '../../runtime/errors.ts';
import { HttpError } from '../../runtime/http.ts';
import {
  channelItem,
  getChannel,
  listChannels,
  publicChannel,
  recordWebhookDelivery,
  turnChannelOff,
  type StoredOf,
  deleteChannel,
  putChannel,
  setWebhookSecret,
  keepTelegramLink,
  releaseChat,
  removeTelegram,
  sha256,
} from '../../store/channels/index.ts';
import { withinRateLimit } from '../../store/rateLimits/index.ts';
import { sendOn } from './daily.ts';
import { WEBHOOK_PREVIOUS_SECRET_HOURS } from '../../../shared/channels/webhook.ts';
import { newWebhookSecret } from './webhook.ts';
import { telegramBot } from './telegram.ts';

/** The card's list: each channel (or null), and whether the site has a bot. */
export async function channelsOf(userId: string, now: Date): Promise<Channels> {
  const [channels, bot] = await Promise.all([listChannels(userId), telegramBot()]);
  const shown = <K extends ChannelKind>(kind: K) => {
    const channel = channels.get(kind);
    return channel
      ? (publicChannel(channel, now) as Extract<ReturnType<typeof publicChannel>, { kind: K }>)
      : null;
  };
  return {
    telegram: shown('telegram'),
    ntfy: shown('ntfy'),
    webhook: shown('webhook'),
    telegram_available: bot !== undefined,
  };
}

/** 'Connect Telegram': a new one-time link (the user's earlier one stops working). */
export async function connectTelegram(userId: string, now: Date): Promise<TelegramConnectLink> {
  const bot = await telegramBot();
  if (!bot) throw new DomainError('not_found', CHANNEL_MESSAGES.telegramUnavailable);
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + TELEGRAM_LINK_MINUTES * 60_000);
  await keepTelegramLink(userId, sha256(token), expires);
  return {
    link: telegramStartLink(bot.username, token),
    bot: bot.username,
    expires_at: expires.toISOString(),
  };
}

/**
 * The address's host, which the schema did not look at: no private IP literal, no name of this
 * machine. And a plain-http address passed the schema only as a local stand-in's: the local stage
 * takes it at a stand-in's exact origin, and no other stage takes it at all.
 */
function checkAddress(address: string): void {
  const problem = channelUrlProblem(address);
  if (problem) throw new DomainError('invalid', problem);
  const url = new URL(address);
  if (!isLocalStandInUrl(url)) return;
  const { STAGE, LOCAL_CHANNEL_ORIGINS } = env();
  if (STAGE !== 'local' || !LOCAL_CHANNEL_ORIGINS.includes(url.origin))
    throw new DomainError('invalid', CHANNEL_MESSAGES.urlHttps);
}

/** ntfy's topic and token: saved on (again); an absent token keeps the one kept. */
export async function saveNtfy(userId: string, settings: NtfySettings, now: Date) {
  checkAddress(settings.topic_url);
  const token =
    settings.token === undefined ? ((await getChannel(userId, 'ntfy'))?.token ?? null) : settings.token;
  const saved = await putChannel(
    userId,
    channelItem<'ntfy'>(userId, { kind: 'ntfy', topic_url: settings.topic_url, token }, now),
  );
  return {
    channel: publicChannel(saved, now) as Extract<ReturnType<typeof publicChannel>, { kind: 'ntfy' }>,
  };
}

type WebhookView = Extract<ReturnType<typeof publicChannel>, { kind: 'webhook' }>;

/** The webhook's address: saved on (again); a new webhook gets its secret, shown this once. */
export async function saveWebhook(userId: string, url: string, now: Date) {
  checkAddress(url);
  const existing = await getChannel(userId, 'webhook');
  const secret = existing?.secret ?? newWebhookSecret();
  const saved = await putChannel(
    userId,
    channelItem<'webhook'>(
      userId,
      {
        kind: 'webhook',
        url,
        secret,
        // A new address keeps the secrets, the one before a rotation with its time left.
        previous_secret: existing?.previous_secret ?? null,
        previous_secret_until: existing?.previous_secret_until ?? null,
        deliveries: existing?.deliveries ?? [],
        delivery_writes: existing?.delivery_writes ?? 0,
      },
      now,
    ),
  );
  return { channel: publicChannel(saved, now) as WebhookView, secret: existing ? null : secret };
}

/**
 * 'Rotate secret': the new one, shown this once. The one it replaces signs beside it for
 * WEBHOOK_PREVIOUS_SECRET_HOURS, so the receiver can be switched over without refusing a delivery.
 */
export async function rotateWebhookSecret(userId: string, now: Date) {
  const secret = newWebhookSecret();
  const until = new Date(now.getTime() + WEBHOOK_PREVIOUS_SECRET_HOURS * 3_600_000);
  const saved = await setWebhookSecret(userId, secret, until);
  if (!saved) throw new DomainError('not_found', CHANNEL_MESSAGES.notSetUp);
  return { channel: publicChannel(saved, now) as WebhookView, secret };
}

/** 'Disconnect' / 'Remove'. */
export async function removeChannel(userId: string, kind: ChannelKind): Promise<void> {
  const removed =
    kind === 'telegram' ? await removeTelegram(userId) : (await deleteChannel(userId, kind)) !== undefined;
  if (!removed) throw new DomainError('not_found', CHANNEL_MESSAGES.notSetUp);
}

/**
 * 'Send a test': one message now, outside the day's claims (it is not the day's message), and what
 * the service answered. A service that says gone turns the channel off here too.
 */
export async function testChannel(userId: string, kind: ChannelKind, now: Date): Promise<ChannelTestResult> {
  const channel = await getChannel(userId, kind);
  if (!channel) throw new DomainError('not_found', CHANNEL_MESSAGES.notSetUp);
  if (!(await withinRateLimit({ limit: 'channelTests', userId }, CHANNEL_TESTS_PER_DAY, now, 'day')))
    throw new HttpError(429, CHANNEL_MESSAGES.tooManyTests);
  const id = randomUUID();
  const day = now.toISOString().slice(0, 10);
  const outcome = await sendOn(
    channel,
    {
      title: CHANNEL_MESSAGES.testTitle,
      lines: [CHANNEL_MESSAGES.testBody],
      url: siteLink('/dashboard'),
      renewals: [],
    },
    { id, day, event: 'webhook.test' },
    now,
  );
  if (channel.kind === 'webhook') {
    await recordWebhookDelivery(userId, {
      id,
      at: now.toISOString(),
      event: 'webhook.test',
      outcome: outcome.outcome,
      http_status: outcome.httpStatus,
      summary: outcome.summary,
      attempt: 1,
    });
  }
  if (outcome.outcome === 'gone' && (await turnChannelOff(userId, channel, CHANNEL_OFF_REASONS[kind], now))) {
    if (channel.kind === 'telegram') await releaseChat(userId, (channel as StoredOf<'telegram'>).chat_hash);
  }
  return { kind, outcome: outcome.outcome, http_status: outcome.httpStatus, summary: outcome.summary };
}

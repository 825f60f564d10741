/**
 * The alert channels' routes as a signed-in user calls them on a test stack: the channel set, and
 * Telegram's one-time connect link and bot webhook as Telegram itself would call it.
 */
import { expect } from 'vitest';
import { webhookSecretOf } from '../../lambdas/features/channels/telegram.ts';
import type { LocalStack } from '../../lib/local/stack.ts';
import { LOCAL_TELEGRAM_BOT } from '../../lib/local/telegram.ts';
import type { Channels } from '../../shared/channels/kinds.ts';
import type { TelegramConnectLink } from '../../shared/channels/telegram.ts';
import { api, type TestUser } from './stack.ts';

export function channelRoutes(stack: LocalStack) {
  const call = (user: TestUser) => api(stack, user.accessToken);
  const channels = async (user: TestUser) =>
    (await call(user)('GET', '/api/channels/me')).json as unknown as Channels;

  async function connectLink(user: TestUser): Promise<TelegramConnectLink> {
    const response = await call(user)('POST', '/api/channels/telegram/connect');
    expect(response.status).toBe(200);
    return response.json as unknown as TelegramConnectLink;
  }

  /** Posts an update to the bot's webhook as Telegram would (with the secret header, unless told otherwise). */
  async function postUpdate(body: string, secret: string | null = webhookSecretOf(LOCAL_TELEGRAM_BOT.token)) {
    const response = await fetch(`${stack.appUrl}/api/telegram/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret }),
      },
      body,
    });
    return { status: response.status, json: (await response.json().catch(() => undefined)) as unknown };
  }

  return { call, channels, connectLink, postUpdate };
}

/** The one-time token in a connect link (what Start sends the bot). */
export const tokenOf = (link: TelegramConnectLink) => new URL(link.link).searchParams.get('start')!;

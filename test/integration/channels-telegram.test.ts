/**
 * Telegram's routes over HTTP on the local stack and its stand-in: the one-time connect link and the
 * bot's webhook (its secret header, hostile updates ignored, '/start' once within 15 minutes,
 * '/stop'), a chat moved to another account, Disconnect, and the site without a bot.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from '../../lambdas/runtime/env.ts';
import { redeemTelegramLink, sha256 } from '../../lambdas/store/channels/index.ts';
import { LOCAL_TELEGRAM_BOT } from '../../lib/local/telegram.ts';
import { CHANNEL_MESSAGES, TELEGRAM_OFF_REASONS } from '../../shared/channels/kinds.ts';
import { webhookSecretOf } from '../../lambdas/features/channels/telegram.ts';
import { getProfile } from '../../lambdas/store/account/index.ts';
import { TELEGRAM_REPLIES } from '../../shared/channels/telegram.ts';
import { useTestStack } from '../support/fixtures.ts';
import { channelRoutes, tokenOf } from '../support/channel-routes.ts';
import { createUser } from '../support/stack.ts';
import { tableSnapshot } from '../support/table.ts';

const stack = useTestStack();
const { call, channels, connectLink, postUpdate } = channelRoutes(stack);

afterEach(() => {
  stack.telegram.answerFor = undefined;
});

describe('Telegram', () => {
  it('a one-time link to the bot binds the chat that presses Start, once; a new link replaces the old', async () => {
    const user = await createUser(stack, { label: 'tg' });
    expect(await channels(user)).toMatchObject({ telegram: null, telegram_available: true });
    const now = Date.now();
    const first = await connectLink(user);
    expect(first.link).toMatch(/^https:\/\/t\.me\/RenewalRemindersLocalBot\?start=[A-Za-z0-9_-]{43}$/);
    expect(first.bot).toBe(LOCAL_TELEGRAM_BOT.username);
    expect(Date.parse(first.expires_at) - now).toBeGreaterThan(14 * 60_000);
    expect(Date.parse(first.expires_at) - now).toBeLessThanOrEqual(15 * 60_000 + 1000);

    // A second link: the first stops working.
    const second = await connectLink(user);
    expect(await stack.telegram.pressStart({ token: tokenOf(first), firstName: 'Early' })).toMatchObject({
      status: 200,
      reply: TELEGRAM_REPLIES.linkUsed,
    });
    expect((await channels(user)).telegram).toBeNull();

    const pressed = await stack.telegram.pressStart({ token: tokenOf(second), firstName: 'Sam' });
    expect(pressed).toMatchObject({ status: 200, reply: TELEGRAM_REPLIES.connected });
    expect((await channels(user)).telegram).toMatchObject({
      kind: 'telegram',
      status: 'on',
      chat_name: 'Sam',
    });
    // Valid once: another chat with the same link is refused, and the first chat keeps it.
    expect(await stack.telegram.pressStart({ token: tokenOf(second), firstName: 'Thief' })).toMatchObject({
      reply: TELEGRAM_REPLIES.linkUsed,
    });
    expect((await channels(user)).telegram?.chat_name).toBe('Sam');

    // 'Send a test' arrives in the chat.
    const tested = await call(user)('POST', '/api/channels/telegram/test');
    expect(tested.json).toEqual({
      kind: 'telegram',
      outcome: 'delivered',
      http_status: 200,
      summary: 'Telegram delivered it',
    });
    expect(stack.telegram.messages.at(-1)).toMatchObject({
      chat_id: pressed.chat_id,
      text: expect.stringContaining(CHANNEL_MESSAGES.testTitle),
    });

    // '/stop' from the chat ends it (off, saying why); 'Remove' then takes it away.
    expect(await stack.telegram.type(pressed.chat_id, '/stop')).toMatchObject({
      reply: TELEGRAM_REPLIES.stopped,
    });
    const stopped = (await channels(user)).telegram;
    expect(stopped).toMatchObject({ status: 'off', off_reason: TELEGRAM_OFF_REASONS.stopped });
    expect(Math.abs(Date.parse(stopped!.off_at!) - Date.now())).toBeLessThan(60_000);
    expect((await getProfile(user.sub))?.alert_channels).toEqual([]);
    expect((await call(user)('DELETE', '/api/channels/telegram')).status).toBe(204);
    expect((await call(user)('DELETE', '/api/channels/telegram')).status).toBe(404);
  });

  it('a chat connected to a second account leaves the first one’s Telegram off, saying why', async () => {
    const first = await createUser(stack, { label: 'tg-first' });
    const second = await createUser(stack, { label: 'tg-second' });
    const pressed = await stack.telegram.pressStart({ token: tokenOf(await connectLink(first)) });
    await stack.telegram.pressStart({ token: tokenOf(await connectLink(second)), chatId: pressed.chat_id });
    expect((await channels(first)).telegram).toMatchObject({
      status: 'off',
      off_reason: TELEGRAM_OFF_REASONS.moved,
    });
    expect((await channels(second)).telegram).toMatchObject({ status: 'on' });
    // The chat's /stop now ends the second account's.
    await stack.telegram.type(pressed.chat_id, '/stop');
    expect((await channels(second)).telegram).toMatchObject({
      status: 'off',
      off_reason: TELEGRAM_OFF_REASONS.stopped,
    });
  });

  it('a link pressed after 15 minutes is refused', async () => {
    const user = await createUser(stack, { label: 'tg-late' });
    const link = await connectLink(user);
    const later = new Date(Date.parse(link.expires_at) + 1000);
    expect(await redeemTelegramLink(sha256(tokenOf(link)), { id: 42, name: 'Late' }, later)).toEqual({
      connected: false,
    });
    expect((await channels(user)).telegram).toBeNull();
  });

  it('Disconnect ends it, and the chat’s /stop then finds nothing', async () => {
    const user = await createUser(stack, { label: 'tg-off' });
    const pressed = await stack.telegram.pressStart({ token: tokenOf(await connectLink(user)) });
    expect((await call(user)('DELETE', '/api/channels/telegram')).status).toBe(204);
    expect((await channels(user)).telegram).toBeNull();
    expect(await stack.telegram.type(pressed.chat_id, '/stop')).toMatchObject({
      status: 200,
      reply: TELEGRAM_REPLIES.stopped,
    });
  });

  it('the webhook answers 401 without the secret header, and 200 to any update it does not handle, writing nothing', async () => {
    const before = await tableSnapshot();
    const start = JSON.stringify({
      update_id: 1,
      message: { chat: { id: 5, type: 'private' }, text: '/start x' },
    });
    expect((await postUpdate(start, null)).status).toBe(401);
    expect((await postUpdate(start, 'wrong')).status).toBe(401);
    expect((await postUpdate(start, `${webhookSecretOf(LOCAL_TELEGRAM_BOT.token)}x`)).status).toBe(401);
    for (const hostile of [
      'not json',
      '[]',
      'null',
      '{}',
      JSON.stringify({ update_id: 'x' }),
      JSON.stringify({ update_id: 2, edited_message: { text: '/start abc' } }),
      JSON.stringify({
        update_id: 3,
        message: { chat: { id: 9, type: 'group' }, text: `/start ${'A'.repeat(43)}` },
      }),
      JSON.stringify({ update_id: 4, message: { chat: { id: 1e300, type: 'private' }, text: '/stop' } }),
      JSON.stringify({ update_id: 5, message: { chat: { id: 6, type: 'private' }, text: 'hello' } }),
      JSON.stringify({ update_id: 6, message: { chat: { id: 6, type: 'private' }, text: 'x'.repeat(5000) } }),
      JSON.stringify({
        update_id: 7,
        message: { chat: { id: 6, type: 'private' }, text: '/start ../../etc' },
      }),
      JSON.stringify({
        update_id: 8,
        message: { chat: { id: 6, type: 'private' }, text: `/start ${'B'.repeat(43)}` },
      }),
      JSON.stringify({
        update_id: 9,
        message: { chat: { id: 6, type: 'private' } },
        __proto__: { polluted: 1 },
      }),
    ]) {
      const answer = await postUpdate(hostile);
      expect([hostile.slice(0, 40), answer.status]).toEqual([hostile.slice(0, 40), 200]);
    }
    expect(await tableSnapshot()).toEqual(before);
  });

  it('without a bot on the site, Connect answers 404 in words and the card says Telegram is not offered', async () => {
    const user = await createUser(stack, { label: 'tg-none' });
    const saved = process.env.TELEGRAM_BOT_USERNAME;
    delete process.env.TELEGRAM_BOT_USERNAME;
    resetEnvCache();
    try {
      const response = await call(user)('POST', '/api/channels/telegram/connect');
      expect(response).toMatchObject({
        status: 404,
        json: { message: CHANNEL_MESSAGES.telegramUnavailable },
      });
      expect((await channels(user)).telegram_available).toBe(false);
    } finally {
      process.env.TELEGRAM_BOT_USERNAME = saved;
      resetEnvCache();
    }
  });
});

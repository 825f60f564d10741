/**
 * The alert channels' pure rules: what the routes take (an ntfy topic and token, a webhook's
 * address, a channel's kind), the day's message in the digest's order and words, the webhook's
 * signature as docs/api.md tells receivers to check it (its Node example, run as written), and the
 * bot's answers to updates it does not handle.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { handleTelegramUpdate } from '../../lambdas/features/channels/bot.ts';
import { dayMessage, chatText, MAX_LINES } from '../../lambdas/features/channels/message.ts';
import {
  dayDeliveryId,
  newWebhookSecret,
  webhookSignature,
} from '../../lambdas/features/channels/webhook.ts';
import {
  parseChannel,
  previousSecret,
  publicChannel,
  type StoredOf,
} from '../../lambdas/store/channels/index.ts';
import type { ReminderMailInput } from '../../lambdas/mail/registry.ts';
import type { Reminder } from '../../shared/api.ts';
import {
  channelKindParamSchema,
  channelUrlProblem,
  ntfySettingsSchema,
  webhookSettingsSchema,
} from '../../shared/channels/inputs.ts';
import { CHANNEL_MESSAGES } from '../../shared/channels/kinds.ts';
import { TELEGRAM_REPLIES } from '../../shared/channels/telegram.ts';

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('what the channels’ routes take', () => {
  it('an ntfy topic: https, then the topic (under any path the server is served at), no query', () => {
    for (const topic_url of [
      'https://ntfy.sh/my-renewals',
      'https://push.example.org/ntfy/Family_2',
      'https://ntfy.sh/a',
    ])
      expect(ntfySettingsSchema.safeParse({ topic_url }).success, topic_url).toBe(true);
    for (const [topic_url, message] of <[string, string][]>[
      ['https://ntfy.sh/', CHANNEL_MESSAGES.topicInvalid],
      ['https://ntfy.sh/my renewals', CHANNEL_MESSAGES.topicInvalid],
      ['https://ntfy.sh/topic?x=1', CHANNEL_MESSAGES.topicInvalid],
      ['https://ntfy.sh//topic', CHANNEL_MESSAGES.topicInvalid],
      [`https://ntfy.sh/${'a'.repeat(65)}`, CHANNEL_MESSAGES.topicInvalid],
      ['http://ntfy.sh/topic', CHANNEL_MESSAGES.urlHttps],
      ['https://ntfy.sh:444/topic', CHANNEL_MESSAGES.urlPort],
      ['https://me@ntfy.sh/topic', CHANNEL_MESSAGES.urlUserinfo],
      ['ntfy.sh/topic', CHANNEL_MESSAGES.urlInvalid],
      [`https://ntfy.sh/${'a'.repeat(1000)}`, CHANNEL_MESSAGES.urlTooLong],
    ])
      expect([topic_url.slice(0, 40), firstError(ntfySettingsSchema.safeParse({ topic_url }))]).toEqual([
        topic_url.slice(0, 40),
        message,
      ]);
  });

  it('an ntfy token: visible ASCII without spaces, at most 256; absent keeps, null removes; nothing else', () => {
    const topic_url = 'https://ntfy.sh/t';
    expect(ntfySettingsSchema.parse({ topic_url, token: 'tk_AbC123' }).token).toBe('tk_AbC123');
    expect(ntfySettingsSchema.parse({ topic_url }).token).toBeUndefined();
    expect(ntfySettingsSchema.parse({ topic_url, token: null }).token).toBeNull();
    for (const token of ['has space', 'tab\t', 'é', '', 'x'.repeat(257)])
      expect(firstError(ntfySettingsSchema.safeParse({ topic_url, token }))).toBe(
        CHANNEL_MESSAGES.tokenInvalid,
      );
    expect(ntfySettingsSchema.safeParse({ topic_url, extra: 1 }).success).toBe(false);
  });

  it('a webhook’s address is kept as URL writes it (host lower case, IDN as punycode), without its fragment', () => {
    expect(webhookSettingsSchema.parse({ url: ' https://Hooks.Example.COM/in#frag ' }).url).toBe(
      'https://hooks.example.com/in',
    );
    expect(webhookSettingsSchema.parse({ url: 'https://exämple.com/hook' }).url).toBe(
      'https://xn--exmple-cua.com/hook',
    );
  });

  it('the form is the schema’s; the host (private IPs, local names) the saving handler’s', () => {
    for (const url of [
      'https://10.0.0.1/x',
      'https://[::1]/x',
      'https://localhost/x',
      'https://intranet/x',
    ]) {
      expect(webhookSettingsSchema.safeParse({ url }).success, url).toBe(true);
      expect(channelUrlProblem(url), url).toBe(CHANNEL_MESSAGES.urlPrivate);
    }
    expect(channelUrlProblem('https://hooks.example.com/in')).toBeNull();
  });

  it('a channel’s kind is one of the closed list', () => {
    expect(channelKindParamSchema.parse({ kind: 'ntfy' })).toEqual({ kind: 'ntfy' });
    for (const kind of ['email', 'NTFY', '__proto__', '', 'telegram/x'])
      expect(channelKindParamSchema.safeParse({ kind }).success, kind).toBe(false);
  });
});

const reminder = (id: string, title: string, extra: Partial<Reminder> = {}) =>
  ({
    id,
    user_id: 'u',
    title,
    category: 'insurance',
    provider: 'Aviva',
    renewal_date: '2031-03-01',
    amount: 19.99,
    act_by: null,
    ...extra,
  }) as Reminder;
const lead = (r: Reminder, daysLeft: number): ReminderMailInput => ({
  type: 'reminder',
  reminder: r,
  daysLeft,
});

describe('the day’s message', () => {
  it('lists the renewals soonest first in their mails’ words, under the push’s title, with the dashboard for several', () => {
    const message = dayMessage([
      lead(reminder('r2', 'Home insurance'), 14),
      lead(reminder('r1', 'Car insurance'), 7),
    ]);
    expect(message).toMatchObject({
      title: '2 renewals need you today',
      lines: ['Car insurance renews in 7 days', 'Home insurance renews in 14 days'],
      url: expect.stringMatching(/\/dashboard$/),
    });
    expect(message.renewals.map((r) => [r.reminder_id, r.amount_pence, r.days_left, r.kind])).toEqual([
      ['r1', 1999, 7, 'reminder'],
      ['r2', 1999, 14, 'reminder'],
    ]);
    expect(chatText(message)).toBe(
      `2 renewals need you today\n\n• Car insurance renews in 7 days\n• Home insurance renews in 14 days\n\n${message.url}`,
    );
  });

  it('one renewal opens its own page; past twenty lines, the rest is counted', () => {
    expect(dayMessage([lead(reminder('r1', 'Car insurance'), 7)]).url).toMatch(/\/reminders\/r1$/);
    const many = Array.from({ length: MAX_LINES + 5 }, (_, i) =>
      lead(reminder(`r${i}`, `Cover ${i}`), i + 1),
    );
    const { lines } = dayMessage(many);
    expect(lines).toHaveLength(MAX_LINES + 1);
    expect(lines.at(-1)).toBe('and 5 more');
  });
});

describe('the webhook’s signature', () => {
  /** docs/api.md's example, run as a receiver would paste it. */
  async function documentedVerifier() {
    const doc = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
    const code = /```js\n([\s\S]*?verifyRenewalsWebhook[\s\S]*?)```/.exec(doc)?.[1];
    if (!code) throw new Error('docs/api.md has no verifyRenewalsWebhook example');
    const module = (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as {
      verifyRenewalsWebhook: (
        secret: string,
        header: string | undefined,
        body: string,
        now?: number,
      ) => boolean;
    };
    return module.verifyRenewalsWebhook;
  }

  it('is HMAC-SHA256 of "{t}.{body}", which the documented example accepts, and refuses when anything differs', async () => {
    const verify = await documentedVerifier();
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const body = JSON.stringify({ version: 1, id: 'x', type: 'webhook.test', renewals: [], note: 'café £1' });
    const now = Date.UTC(2031, 0, 1, 8);
    const header = webhookSignature([secret], now / 1000, body);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verify(secret, header, body, now)).toBe(true);
    expect(verify(secret, header, `${body} `, now)).toBe(false);
    expect(verify(newWebhookSecret(), header, body, now)).toBe(false);
    expect(verify(secret, header, body, now + 301_000)).toBe(false);
    expect(verify(secret, undefined, body, now)).toBe(false);
    expect(verify(secret, header.replace('v1=', 'v1=0'), body, now)).toBe(false);
  });

  it('after a rotation carries a v1 for each secret that signs, and the documented example takes either', async () => {
    const verify = await documentedVerifier();
    const [current, previous, stranger] = [newWebhookSecret(), newWebhookSecret(), newWebhookSecret()];
    const body = JSON.stringify({ version: 1, id: 'y', type: 'renewals.due', renewals: [] });
    const now = Date.UTC(2031, 0, 1, 8);
    const header = webhookSignature([current, previous], now / 1000, body);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(verify(current, header, body, now)).toBe(true);
    expect(verify(previous, header, body, now)).toBe(true);
    expect(verify(stranger, header, body, now)).toBe(false);
    expect(verify(previous, header, `${body} `, now)).toBe(false);
  });

  it('the previous secret signs only until its time is up, and the card stops naming it then', () => {
    const now = new Date('2031-01-01T08:00:00.000Z');
    const stored = {
      ...parseChannel({
        kind: 'webhook',
        user_id: 'u1',
        status: 'on',
        created_at: '2030-12-01T00:00:00.000Z',
        version: 'v',
        url: 'https://hooks.example.com/r',
        secret: 'whsec_new',
        previous_secret: 'whsec_old',
        previous_secret_until: '2031-01-01T09:00:00.000Z',
      }),
    } as StoredOf<'webhook'>;
    expect(previousSecret(stored, now)).toBe('whsec_old');
    expect(publicChannel(stored, now)).toMatchObject({ previous_secret_until: '2031-01-01T09:00:00.000Z' });
    const later = new Date('2031-01-01T09:00:00.000Z');
    expect(previousSecret(stored, later)).toBeNull();
    expect(publicChannel(stored, later)).toMatchObject({ previous_secret_until: null });
    expect(previousSecret({ ...stored, previous_secret: null }, now)).toBeNull();
  });

  it('a day’s delivery id is the same for every attempt of that day, and another for another day or user', () => {
    expect(dayDeliveryId('u1', '2031-01-01')).toBe(dayDeliveryId('u1', '2031-01-01'));
    expect(dayDeliveryId('u1', '2031-01-01')).not.toBe(dayDeliveryId('u1', '2031-01-02'));
    expect(dayDeliveryId('u1', '2031-01-01')).not.toBe(dayDeliveryId('u2', '2031-01-01'));
    expect(dayDeliveryId('u1', '2031-01-01')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
  });
});

describe('the bot’s updates it does not act on', () => {
  const now = new Date('2031-01-01T08:00:00Z');
  const message = (text: string, type = 'private') => ({
    update_id: 1,
    message: { chat: { id: 42, type }, text },
  });

  it('ignores what is not a private chat’s command, and answers /start alone and a malformed token in words', async () => {
    for (const update of [
      null,
      'text',
      [],
      {},
      { update_id: 'x' },
      message('hello'),
      message('/start abc', 'group'),
      { update_id: 2, edited_message: {} },
    ])
      expect(await handleTelegramUpdate(update, now)).toEqual({ ok: true });
    expect(await handleTelegramUpdate(message('/start'), now)).toEqual({
      method: 'sendMessage',
      chat_id: 42,
      text: TELEGRAM_REPLIES.help,
    });
    expect(await handleTelegramUpdate(message('/start@RenewalRemindersBot'), now)).toEqual({
      method: 'sendMessage',
      chat_id: 42,
      text: TELEGRAM_REPLIES.help,
    });
    expect(await handleTelegramUpdate(message('/start not-a-token'), now)).toEqual({
      method: 'sendMessage',
      chat_id: 42,
      text: TELEGRAM_REPLIES.linkUsed,
    });
  });
});

/**
 * The alert channels' routes over HTTP on the local stack and its stand-ins (Telegram's are in
 * channels-telegram.test.ts): ntfy and the webhook's settings (no address inside, the stand-ins only
 * at their exact origins, the token kept or removed, the secret shown once and rotated), 'Send a
 * test' with what arrived, the webhook's deliveries capped at 10, the stand-ins' hosts, and account
 * deletion leaving nothing of the channels.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../lambdas/store/channels/index.ts';
import { LOCAL_NTFY_TOKEN } from '../../lib/local/ntfy.ts';
import type { ChannelTestResult, WebhookChannel } from '../../shared/channels/kinds.ts';
import { CHANNEL_MESSAGES, WEBHOOK_DELIVERIES_KEPT } from '../../shared/channels/kinds.ts';
import type { WebhookBody } from '../../shared/channels/webhook.ts';
import { useTestStack } from '../support/fixtures.ts';
import { runJob } from '../support/job.ts';
import { channelRoutes, tokenOf } from '../support/channel-routes.ts';
import { addReminder, createUser } from '../support/stack.ts';
import { scanTable } from '../support/table.ts';
import { addDays } from '../../shared/reminder/schedule.ts';

const stack = useTestStack();
const { call, channels, connectLink } = channelRoutes(stack);

describe('ntfy', () => {
  it('takes an https topic or the stand-in’s, never an address inside; keeps, replaces and removes the token', async () => {
    const user = await createUser(stack, { label: 'ntfy' });
    const put = (body: unknown) => call(user)('PUT', '/api/channels/ntfy', body);
    const port = Number(new URL(stack.ntfy.url).port);
    for (const [topic_url, message] of [
      ['https://169.254.169.254/latest', CHANNEL_MESSAGES.urlPrivate],
      ['https://localhost/alerts', CHANNEL_MESSAGES.urlPrivate],
      ['https://[::1]/alerts', CHANNEL_MESSAGES.urlPrivate],
      ['https://ntfy.sh:8443/alerts', CHANNEL_MESSAGES.urlPort],
      ['https://user:pw@ntfy.sh/alerts', CHANNEL_MESSAGES.urlUserinfo],
      ['http://ntfy.sh/alerts', CHANNEL_MESSAGES.urlHttps],
      [`http://127.0.0.1:${port + 1}/alerts`, CHANNEL_MESSAGES.urlHttps],
      ['https://ntfy.sh/bad topic!', CHANNEL_MESSAGES.topicInvalid],
      ['https://ntfy.sh/', CHANNEL_MESSAGES.topicInvalid],
    ]) {
      const response = await put({ topic_url });
      expect([topic_url, response.status, String(response.json?.message)]).toEqual([
        topic_url,
        400,
        expect.stringContaining(message!),
      ]);
    }
    expect((await channels(user)).ntfy).toBeNull();

    const topic = `http://localhost:${port}/private-${user.sub.slice(0, 8)}`;
    expect((await put({ topic_url: topic, token: LOCAL_NTFY_TOKEN })).json).toMatchObject({
      channel: { kind: 'ntfy', status: 'on', topic_url: topic, has_token: true },
    });
    // Absent: kept. The token is never shown.
    expect((await put({ topic_url: topic })).json).toMatchObject({ channel: { has_token: true } });
    expect(JSON.stringify(await channels(user))).not.toContain(LOCAL_NTFY_TOKEN);

    const tested = (await call(user)('POST', '/api/channels/ntfy/test')).json as unknown as ChannelTestResult;
    expect(tested).toMatchObject({ kind: 'ntfy', outcome: 'delivered', http_status: 200 });
    expect(tested.summary).toMatch(/^ntfy accepted it \(message [A-Za-z0-9_-]+\)$/);
    expect(stack.ntfy.messages.at(-1)).toMatchObject({
      title: CHANNEL_MESSAGES.testTitle,
      message: CHANNEL_MESSAGES.testBody,
      with_token: true,
      status: 200,
    });

    // Null removes it: the private topic now refuses, and the test says so.
    expect((await put({ topic_url: topic, token: null })).json).toMatchObject({
      channel: { has_token: false },
    });
    expect((await call(user)('POST', '/api/channels/ntfy/test')).json).toMatchObject({
      outcome: 'failed',
      http_status: 403,
    });
    expect((await call(user)('DELETE', '/api/channels/ntfy')).status).toBe(204);
    expect((await call(user)('POST', '/api/channels/ntfy/test')).status).toBe(404);
  });

  it('a test that finds the topic gone turns the channel off', async () => {
    const user = await createUser(stack, { label: 'ntfy-gone' });
    await call(user)('PUT', '/api/channels/ntfy', {
      topic_url: `${stack.ntfy.url}/gone-${user.sub.slice(0, 8)}`,
    });
    expect((await call(user)('POST', '/api/channels/ntfy/test')).json).toMatchObject({
      outcome: 'gone',
      http_status: 410,
    });
    expect((await channels(user)).ntfy).toMatchObject({
      status: 'off',
      off_reason: expect.stringContaining('410'),
    });
    // Saving again turns it back on.
    await call(user)('PUT', '/api/channels/ntfy', {
      topic_url: `${stack.ntfy.url}/back-${user.sub.slice(0, 8)}`,
    });
    expect((await channels(user)).ntfy).toMatchObject({ status: 'on', off_reason: null });
  });
});

describe('webhook', () => {
  it('shows its secret once, keeps it when the address changes, rotates it; tests are signed with it', async () => {
    const user = await createUser(stack, { label: 'hook' });
    const url = `${stack.webhooks.url}/hooks/${user.sub}`;
    const created = await call(user)('PUT', '/api/channels/webhook', { url });
    const { channel, secret } = created.json as unknown as { channel: WebhookChannel; secret: string };
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(channel).toMatchObject({
      kind: 'webhook',
      url,
      secret_hint: `${secret.slice(0, 10)}…`,
      deliveries: [],
    });
    expect(JSON.stringify(await channels(user))).not.toContain(secret);

    // 'Download my data' has the channel, not its secret.
    const data = JSON.stringify((await call(user)('GET', '/api/me/data')).json);
    expect(data).toContain(url);
    expect(data).not.toContain(secret);
    const moved = await call(user)('PUT', '/api/channels/webhook', { url: `${url}/v2` });
    expect(moved.json).toMatchObject({ secret: null, channel: { secret_hint: channel.secret_hint } });

    expect(moved.json).toMatchObject({ channel: { previous_secret_until: null } });
    const rotated = (await call(user)('POST', '/api/channels/webhook/secret')).json as unknown as {
      secret: string;
      channel: WebhookChannel;
    };
    expect(rotated.secret).not.toBe(secret);
    // The secret it replaced signs beside it for 24 hours.
    const until = Date.parse(rotated.channel.previous_secret_until!);
    expect(Math.abs(until - Date.now() - 24 * 3_600_000)).toBeLessThan(60_000);

    const tested = await call(user)('POST', '/api/channels/webhook/test');
    expect(tested.json).toEqual({
      kind: 'webhook',
      outcome: 'delivered',
      http_status: 200,
      summary: 'Answered 200',
    });
    const delivery = stack.webhooks.deliveries.at(-1)!;
    const body = JSON.parse(delivery.body) as WebhookBody;
    expect(body).toMatchObject({ version: 1, type: 'webhook.test', renewals: [] });
    const [, t, v1, previous] = /^t=(\d+),v1=([0-9a-f]{64}),v1=([0-9a-f]{64})$/.exec(delivery.signature!)!;
    const signed = (key: string) => createHmac('sha256', key).update(`${t}.${delivery.body}`).digest('hex');
    expect(signed(rotated.secret)).toBe(v1);
    expect(signed(secret)).toBe(previous);
    expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(60);
  });

  it('keeps the last 10 deliveries, newest first', async () => {
    const user = await createUser(stack, { label: 'hook-list' });
    await call(user)('PUT', '/api/channels/webhook', { url: `${stack.webhooks.url}/hooks/${user.sub}` });
    const ids: string[] = [];
    for (let i = 0; i < WEBHOOK_DELIVERIES_KEPT + 2; i++) {
      await call(user)('POST', '/api/channels/webhook/test');
      ids.push((JSON.parse(stack.webhooks.deliveries.at(-1)!.body) as WebhookBody).id);
    }
    const listed = (await channels(user)).webhook!.deliveries;
    expect(listed.map((d) => d.id)).toEqual(ids.slice(-WEBHOOK_DELIVERIES_KEPT).reverse());
    expect(listed[0]).toMatchObject({
      event: 'webhook.test',
      outcome: 'delivered',
      http_status: 200,
      attempt: 1,
    });
  });

  it('a redirect is a failure and is not followed; an address inside is refused when saved', async () => {
    const user = await createUser(stack, { label: 'hook-302' });
    await call(user)('PUT', '/api/channels/webhook', { url: `${stack.webhooks.url}/status/302` });
    const seen = stack.webhooks.deliveries.length;
    expect((await call(user)('POST', '/api/channels/webhook/test')).json).toMatchObject({
      outcome: 'failed',
      http_status: 302,
      summary: expect.stringContaining('redirect'),
    });
    expect(stack.webhooks.deliveries).toHaveLength(seen + 1);
    for (const url of [
      'https://10.0.0.8/hook',
      'https://2130706433/hook',
      'https://metadata.google.internal/hook',
    ])
      expect((await call(user)('PUT', '/api/channels/webhook', { url })).status).toBe(400);
  });
});

describe('the stand-ins on the local stack', () => {
  /** A GET with the Host a page of another site would send after DNS rebinding. */
  const foreignHost = (url: string) =>
    new Promise<number>((resolve, reject) => {
      const target = new URL(url);
      http
        .get(
          {
            host: '127.0.0.1',
            port: target.port,
            path: '/_stand-in/messages',
            headers: { host: 'evil.example' },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        )
        .on('error', reject);
    });

  it('each answers its own host only (421), and the mailbox shows what they received under their tabs', async () => {
    for (const url of [stack.telegram.url, stack.ntfy.url, stack.webhooks.url])
      expect(await foreignHost(url)).toBe(421);
    const home = await (await fetch(`${stack.mailboxUrl}/`)).text();
    for (const tab of ['E-mail', 'Telegram', 'ntfy', 'Webhooks']) expect(home).toContain(`>${tab}</a>`);
    const user = await createUser(stack, { label: 'tabs' });
    const pressed = await stack.telegram.pressStart({
      token: tokenOf(await connectLink(user)),
      firstName: '<b>Sam</b>',
    });
    const telegram = await (await fetch(`${stack.mailboxUrl}/telegram`)).text();
    expect(telegram).toContain(`(chat ${pressed.chat_id})`);
    expect(telegram).toContain('&lt;b&gt;Sam&lt;/b&gt;');
    expect(telegram).not.toContain('<b>Sam</b>');
    expect(telegram).toContain('Connected: your renewal reminders will arrive here');
    // 'Press Start' from the tab takes JSON only (a form of another site cannot post it).
    const form = await fetch(`${stack.mailboxUrl}/telegram/start`, { method: 'POST', body: 'link=x' });
    expect(form.status).toBe(415);
  });
});

describe('account deletion', () => {
  it('leaves nothing of the channels: items, send records, the chat’s and the link’s lookups', async () => {
    const user = await createUser(stack, { label: 'erase-channels' });
    const topic = `erase-${user.sub.slice(0, 8)}`;
    const hook = `${stack.webhooks.url}/hooks/erase-${user.sub}`;
    await call(user)('PUT', '/api/channels/ntfy', {
      topic_url: `${stack.ntfy.url}/${topic}`,
      token: 'tk_erase',
    });
    await call(user)('PUT', '/api/channels/webhook', { url: hook });
    await stack.telegram.pressStart({ token: tokenOf(await connectLink(user)) });
    // A link still waiting, and the day's messages sent (their send records).
    const pending = tokenOf(await connectLink(user));
    const renewal = addDays('2071-01-01', Math.floor(Math.random() * 3000));
    await addReminder(stack, user, {
      title: 'Erase me',
      category: 'insurance',
      provider: 'Aviva',
      renewal_date: renewal,
      amount: 1,
      notes: null,
    });
    await runJob(stack, { date: addDays(renewal, -7), trigger: 'cli' });
    const needles = [user.sub, topic, hook, 'tk_erase', sha256(pending)];
    const naming = (items: Record<string, unknown>[]) =>
      items.filter((item) => needles.some((needle) => JSON.stringify(item).includes(needle)));
    expect(naming(await scanTable()).length).toBeGreaterThan(5);
    const chatKeys = (await scanTable()).filter(
      (item) => String(item.pk).startsWith('TELEGRAM_CHAT#') && item.user_id === user.sub,
    );
    expect(chatKeys).toHaveLength(1);

    expect((await call(user)('DELETE', '/api/me')).status).toBe(204);

    expect(naming(await scanTable())).toEqual([]);
    expect((await scanTable()).filter((item) => item.pk === chatKeys[0]!.pk)).toEqual([]);
  });
});

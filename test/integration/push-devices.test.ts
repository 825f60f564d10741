/**
 * Push devices over real HTTP on the local stand-ins: turning notifications on (the browser's
 * subscription, validated as hostile input), the per-user cap even under concurrent adds, Remove,
 * 'Send a test notification' as a signed, encrypted Web Push request to a fake push service on 127.0.0.1 whose payload is
 * decrypted with the subscription's keys, a 410 removing the device, a 500 retried then reported
 * failed, and account deletion removing every device.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PushDevices, TestPushResult } from '../../shared/push.ts';
import { PUSH_DEVICE_LIMIT, PUSH_MESSAGES, pushDeviceId } from '../../shared/push.ts';
import { keys } from '../../shared/table.ts';
import { queryAll } from '../../lambdas/store/db.ts';
import { useTestStack } from '../support/fixtures.ts';
import { browserSubscription, stackPushService, type FakePushService } from '../support/push.ts';
import { api, createUser } from '../support/stack.ts';

const stack = useTestStack();
let pushService: FakePushService;

beforeAll(async () => {
  pushService = stackPushService(stack);
});

const devicesOf = async (token: string) => {
  const response = await api(stack, token)('GET', '/api/push/devices');
  expect(response.status).toBe(200);
  return response.json as unknown as PushDevices;
};

describe('push devices', () => {
  it('turns notifications on, lists, sends a test that decrypts with the device keys, and removes', async () => {
    const user = await createUser(stack, { label: 'push' });
    const call = api(stack, user.accessToken);
    const phone = browserSubscription(pushService.origin);

    const added = await call('POST', '/api/push/devices', phone.input);
    expect(added.status).toBe(201);
    const id = await pushDeviceId(phone.input.endpoint);
    expect(added.json).toMatchObject({ device: { id, browser: 'Chrome', platform: 'Linux' } });
    // The same subscription again (a second press, renewed keys) is the same device.
    expect((await call('POST', '/api/push/devices', phone.input)).status).toBe(201);

    const listed = await devicesOf(user.accessToken);
    expect(listed.devices.map((d) => d.id)).toEqual([id]);
    expect(Buffer.from(listed.public_key, 'base64url')).toHaveLength(65);

    const before = pushService.requests.length;
    const test = await call('POST', '/api/push/test');
    expect(test.json as unknown as TestPushResult).toEqual({ sent: 1, removed: 0, failed: 0 });
    const request = pushService.requests[before]!;
    expect(request.path).toBe(new URL(phone.input.endpoint).pathname);
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers.authorization).toMatch(/^vapid t=.+, k=/);
    expect(request.headers.authorization).toContain(`k=${listed.public_key}`);
    expect(phone.decrypt(request.body)).toEqual({
      title: PUSH_MESSAGES.testTitle,
      body: PUSH_MESSAGES.testBody,
      url: '/settings',
      tag: 'test',
    });

    expect((await call('DELETE', `/api/push/devices/${id}`)).status).toBe(204);
    expect((await call('DELETE', `/api/push/devices/${id}`)).status).toBe(404);
    expect((await devicesOf(user.accessToken)).devices).toEqual([]);
  });

  it("another user's device answers 404 and stays", async () => {
    const [owner, other] = await Promise.all([createUser(stack), createUser(stack)]);
    const device = browserSubscription(pushService.origin);
    expect((await api(stack, owner.accessToken)('POST', '/api/push/devices', device.input)).status).toBe(201);
    const id = await pushDeviceId(device.input.endpoint);
    expect((await api(stack, other.accessToken)('DELETE', `/api/push/devices/${id}`)).status).toBe(404);
    expect((await devicesOf(owner.accessToken)).devices).toHaveLength(1);
  });

  it('removes a device whose push service answers 410, and retries a 500 before reporting it failed', async () => {
    const user = await createUser(stack);
    const call = api(stack, user.accessToken);
    const [gone, flaky] = [browserSubscription(pushService.origin), browserSubscription(pushService.origin)];
    await call('POST', '/api/push/devices', gone.input);
    await call('POST', '/api/push/devices', flaky.input);

    const start = pushService.requests.length;
    // Requests interleave, so answer by path: the gone device 410, the flaky one 500 three times.
    const answers = new Map([
      [new URL(gone.input.endpoint).pathname, [410]],
      [new URL(flaky.input.endpoint).pathname, [500, 500, 500]],
    ]);
    const result = await sendWithAnswers(call, answers);
    expect(result).toEqual({ sent: 0, removed: 1, failed: 1 });
    const paths = pushService.requests.slice(start).map((r) => r.path);
    expect(paths.filter((p) => p === new URL(gone.input.endpoint).pathname)).toHaveLength(1);
    expect(paths.filter((p) => p === new URL(flaky.input.endpoint).pathname)).toHaveLength(3);
    expect((await devicesOf(user.accessToken)).devices.map((d) => d.id)).toEqual([
      await pushDeviceId(flaky.input.endpoint),
    ]);
  });

  it(`caps devices at ${PUSH_DEVICE_LIMIT}, even when they are added at once`, async () => {
    const user = await createUser(stack);
    const call = api(stack, user.accessToken);
    const devices = Array.from({ length: PUSH_DEVICE_LIMIT + 3 }, () =>
      browserSubscription(pushService.origin),
    );
    const answers = await Promise.all(devices.map((d) => call('POST', '/api/push/devices', d.input)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(PUSH_DEVICE_LIMIT);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.every((a) => a.status === 409 && a.json?.message === PUSH_MESSAGES.deviceLimit)).toBe(
      true,
    );
    expect((await devicesOf(user.accessToken)).devices).toHaveLength(PUSH_DEVICE_LIMIT);
  });

  it('refuses subscriptions that are not a push service with valid keys', async () => {
    const user = await createUser(stack);
    const call = api(stack, user.accessToken);
    const { input } = browserSubscription(pushService.origin);
    const bad = [
      { ...input, endpoint: 'https://evil.example.com/push/1' },
      { ...input, endpoint: 'http://fcm.googleapis.com/fcm/send/1' },
      { ...input, endpoint: 'https://fcm.googleapis.com:8443/fcm/send/1' },
      { ...input, endpoint: 'http://localhost:9/push' },
      // Plain http on this machine is the stack's own fake push service only, not any port.
      { ...input, endpoint: 'http://127.0.0.1:9/push/1' },
      { ...input, endpoint: `http://127.0.0.1:${Number(new URL(pushService.origin).port) + 1}/push/1` },
      { ...input, endpoint: 'http://169.254.169.254/latest' },
      { ...input, keys: { ...input.keys, p256dh: input.keys.p256dh.slice(1) } },
      { ...input, keys: { ...input.keys, p256dh: `A${input.keys.p256dh.slice(1)}` } },
      // The right length and prefix, but not a point on P-256 (its last byte changed).
      { ...input, keys: { ...input.keys, p256dh: offTheCurve(input.keys.p256dh) } },
      { ...input, keys: { ...input.keys, auth: `${input.keys.auth}AA` } },
      { ...input, browser: 'Netscape' },
      { ...input, platform: '<script>' },
    ];
    for (const body of bad)
      expect((await call('POST', '/api/push/devices', body)).status, JSON.stringify(body)).toBe(400);
    expect((await devicesOf(user.accessToken)).devices).toEqual([]);
  });

  it('deleting the account removes every device', async () => {
    const user = await createUser(stack);
    const call = api(stack, user.accessToken);
    for (const device of [browserSubscription(pushService.origin), browserSubscription(pushService.origin)])
      expect((await call('POST', '/api/push/devices', device.input)).status).toBe(201);
    expect((await call('DELETE', '/api/me')).status).toBe(204);
    const left = await queryAll({ pk: keys.user(user.sub), sk: { beginsWith: keys.pushDevicePrefix } });
    expect(left).toEqual([]);
  });
});

/** 'Send a test notification' with the fake service answering each device's path from `answers`. */
async function sendWithAnswers(
  call: ReturnType<typeof api>,
  answers: Map<string, number[]>,
): Promise<TestPushResult> {
  pushService.answerFor = (path) => answers.get(path)?.shift();
  try {
    return (await call('POST', '/api/push/test')).json as unknown as TestPushResult;
  } finally {
    pushService.answerFor = undefined;
  }
}

/** A P-256 public key with its y coordinate's last bit flipped: the same shape, off the curve. */
function offTheCurve(key: string): string {
  const bytes = Buffer.from(key, 'base64url');
  bytes[64] = bytes[64]! ^ 1;
  return bytes.toString('base64url');
}

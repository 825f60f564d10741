/**
 * Web Push's pure rules: which subscriptions are taken (a known push service over https, or the local
 * fake on 127.0.0.1; keys of the right lengths; closed lists), the device id, the device's name from
 * its user agent, the iPhone hint, and VAPID keys derived from a seed (stable, valid P-256).
 */
import { createECDH, createSign, createVerify, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isP256Point, isPushServiceHost, pushDeviceId, pushSubscriptionSchema } from '../../shared/push.ts';
import { vapidKeysFromSeed } from '../../lambdas/features/push/vapid.ts';
import { describeDevice, needsHomeScreen } from '../../web/src/features/notifications/device.ts';

const keys = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
};
const valid = (endpoint: string) => ({ endpoint, keys: keys(), browser: 'Chrome', platform: 'Android' });
const ok = (body: unknown) => pushSubscriptionSchema.safeParse(body).success;

describe('a push subscription', () => {
  it('takes the browsers’ push services over https, and the local fake on 127.0.0.1', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=x',
      'http://127.0.0.1:4000/push/1',
    ])
      expect(ok(valid(endpoint)), endpoint).toBe(true);
  });

  it('refuses any other address, so the server never posts where a caller points it', () => {
    for (const endpoint of [
      'https://example.com/push',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com/x',
      'https://notify.windows.com.evil.example/x',
      'http://fcm.googleapis.com/x',
      'https://fcm.googleapis.com:444/x',
      'https://user:pw@fcm.googleapis.com/x',
      'http://localhost:4000/push',
      'http://127.0.0.2/push',
      'http://[::1]/push',
      'file:///etc/passwd',
      'not a url',
      `https://fcm.googleapis.com/${'a'.repeat(1100)}`,
    ])
      expect(ok(valid(endpoint)), endpoint).toBe(false);
    expect(isPushServiceHost('FCM.GOOGLEAPIS.COM')).toBe(true);
  });

  it('takes keys of the right lengths only, and names from the closed lists', () => {
    const body = valid('https://fcm.googleapis.com/fcm/send/x');
    expect(ok({ ...body, keys: { ...body.keys, p256dh: body.keys.p256dh.slice(2) } })).toBe(false);
    expect(ok({ ...body, keys: { ...body.keys, p256dh: `A${body.keys.p256dh.slice(1)}` } })).toBe(false);
    expect(ok({ ...body, keys: { ...body.keys, p256dh: `${body.keys.p256dh.slice(1)}=` } })).toBe(false);
    expect(ok({ ...body, keys: { ...body.keys, auth: body.keys.auth.slice(1) } })).toBe(false);
    expect(ok({ ...body, browser: 'Lynx' })).toBe(false);
    expect(ok({ ...body, platform: 'Amiga' })).toBe(false);
    expect(ok({ ...body, expirationTime: null })).toBe(true);
  });

  it('takes a key only if it is a point on P-256', () => {
    const body = valid('https://fcm.googleapis.com/fcm/send/x');
    const withKey = (bytes: Buffer) => ({
      ...body,
      keys: { ...body.keys, p256dh: bytes.toString('base64url') },
    });
    const point = Buffer.from(body.keys.p256dh, 'base64url');
    // y moved by one: the right length and prefix, off the curve.
    const offCurve = Buffer.from(point);
    offCurve[64] = offCurve[64]! ^ 1;
    // x = p (the field's prime), which reduces to a point's x but is no coordinate.
    const prime = Buffer.from('ffffffff00000001000000000000000000000000ffffffffffffffffffffffff', 'hex');
    for (const bytes of [
      offCurve,
      Buffer.concat([Buffer.from([4]), Buffer.alloc(64)]),
      Buffer.concat([Buffer.from([4]), prime, point.subarray(33)]),
      Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 0xff)]),
    ])
      expect(ok(withKey(bytes)), bytes.toString('hex')).toBe(false);
    expect(isP256Point(body.keys.p256dh)).toBe(true);
  });

  it('takes every key a browser makes, and almost no 65 random bytes', () => {
    fc.assert(
      fc.property(fc.integer(), () => {
        const ecdh = createECDH('prime256v1');
        ecdh.generateKeys();
        expect(isP256Point(ecdh.getPublicKey().toString('base64url'))).toBe(true);
      }),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 64, maxLength: 64 }), (xy) => {
        // Half of all x have a y on the curve, but a random y is that one with chance 2^-255.
        expect(isP256Point(Buffer.concat([Buffer.from([4]), xy]).toString('base64url'))).toBe(false);
      }),
    );
  });
});

describe('the device id', () => {
  it('is a UUID derived from the endpoint alone', async () => {
    const id = await pushDeviceId('https://fcm.googleapis.com/fcm/send/1');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await pushDeviceId('https://fcm.googleapis.com/fcm/send/1')).toBe(id);
    expect(await pushDeviceId('https://fcm.googleapis.com/fcm/send/2')).not.toBe(id);
  });
});

describe('this device', () => {
  it('is named from the user agent, within the closed lists', () => {
    const ua = {
      chromeAndroid:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      safariIphone:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      edgeWindows:
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0',
      firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0',
    };
    expect(describeDevice(ua.chromeAndroid)).toEqual({ browser: 'Chrome', platform: 'Android' });
    expect(describeDevice(ua.safariIphone)).toEqual({ browser: 'Safari', platform: 'iPhone' });
    expect(describeDevice(ua.edgeWindows)).toEqual({ browser: 'Edge', platform: 'Windows' });
    expect(describeDevice(ua.firefoxMac)).toEqual({ browser: 'Firefox', platform: 'macOS' });
    expect(describeDevice('curl/8')).toEqual({ browser: 'Browser', platform: 'this device' });
    expect(needsHomeScreen(ua.safariIphone, false, 5)).toBe(true);
    expect(needsHomeScreen(ua.safariIphone, true, 5)).toBe(false);
    // iPadOS calls itself a Mac; its touch screen gives it away.
    expect(needsHomeScreen(ua.firefoxMac, false, 5)).toBe(true);
    expect(needsHomeScreen(ua.firefoxMac, false, 0)).toBe(false);
    expect(needsHomeScreen(ua.chromeAndroid, false, 5)).toBe(false);
  });
});

describe('VAPID keys from a seed', () => {
  it('are the same for the same seed, differ for another, and sign as a P-256 pair', () => {
    const seed = randomBytes(48).toString('base64url');
    const keysA = vapidKeysFromSeed(seed);
    expect(vapidKeysFromSeed(seed)).toEqual(keysA);
    expect(vapidKeysFromSeed(randomBytes(48).toString('base64url')).publicKey).not.toBe(keysA.publicKey);
    expect(Buffer.from(keysA.publicKey, 'base64url')).toHaveLength(65);
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      d: keysA.privateKey,
      x: Buffer.from(keysA.publicKey, 'base64url').subarray(1, 33).toString('base64url'),
      y: Buffer.from(keysA.publicKey, 'base64url').subarray(33).toString('base64url'),
    };
    const signature = createSign('sha256').update('x').sign({ key: jwk, format: 'jwk' });
    expect(
      createVerify('sha256')
        .update('x')
        .verify({ key: { ...jwk, d: undefined }, format: 'jwk' }, signature),
    ).toBe(true);
  });

  it('refuse a short or missing seed', () => {
    expect(() => vapidKeysFromSeed('short')).toThrow();
  });
});

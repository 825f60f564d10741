/**
 * Web Push, the facts both sides need: the closed lists that name a device, the cap on devices, and
 * the rules for a subscription the browser hands over (every field of it is hostile input: the server
 * later sends to its endpoint and encrypts with its keys).
 */
import * as z from 'zod';
import type { Profile } from './api.ts';

/** How many devices one account may turn notifications on for. */
export const PUSH_DEVICE_LIMIT = 10;

export const PUSH_BROWSERS = [
  'Chrome',
  'Edge',
  'Firefox',
  'Safari',
  'Samsung Internet',
  'Opera',
  'Browser',
] as const;
export type PushBrowser = (typeof PUSH_BROWSERS)[number];
export const PUSH_PLATFORMS = [
  'Android',
  'iPhone',
  'iPad',
  'Windows',
  'macOS',
  'Linux',
  'ChromeOS',
  'this device',
] as const;
export type PushPlatform = (typeof PUSH_PLATFORMS)[number];

/**
 * The push services browsers subscribe with (Chrome and Edge's FCM, Firefox's autopush, Apple's, and
 * Windows' WNS). The server posts to a subscription's endpoint, so only these hosts are taken: any
 * other address would make the server call wherever a caller pointed it.
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '.push.apple.com',
  '.notify.windows.com',
] as const;

export const PUSH_MESSAGES = {
  endpointInvalid: 'The push service address must be an https address of a browser push service',
  keyInvalid: 'The subscription key is not a valid P-256 public key',
  authInvalid: 'The subscription secret must be 16 bytes, base64url',
  deviceLimit: `Notifications are on for ${PUSH_DEVICE_LIMIT} devices already: remove one first`,
  deviceNotFound: 'Device not found',
  noDevices: 'Turn on notifications on a device first',
  testTitle: 'Notifications are on',
  testBody: 'This is how your renewal reminders will look.',
  pushRemindersLabel: 'Send my reminders as notifications',
  pushRemindersHint: 'At most one a day, to every device listed here, whatever the e-mail setting.',
} as const;

/** The day's push title: '2 renewals need you today' ('1 renewal needs you today'). */
export const dailyPushTitle = (renewals: number) =>
  renewals === 1 ? '1 renewal needs you today' : `${renewals} renewals need you today`;

/** Whether the reminder job pushes to this user: the switch is on and a device has notifications on. */
export const pushesReminders = (profile: Pick<Profile, 'push_reminders' | 'push_devices'>) =>
  profile.push_reminders && profile.push_devices > 0;

/** 'Send my reminders as notifications' in the Notifications card. */
export const pushSettingsSchema = z.object({ push_reminders: z.boolean() }).strict();
export type PushSettings = z.infer<typeof pushSettingsSchema>;

/** Whether `host` is one of the push services (exactly, or a subdomain of a `.`-prefixed entry). */
export function isPushServiceHost(host: string): boolean {
  const lower = host.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((known) =>
    known.startsWith('.') ? lower.endsWith(known) : lower === known,
  );
}

/** The local stack's fake push service: plain http on this machine (refused by every other stage). */
export const isLocalPushEndpoint = (url: URL) => url.protocol === 'http:' && url.hostname === '127.0.0.1';

function endpointAllowed(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return url.port === '' && isPushServiceHost(url.hostname);
  return isLocalPushEndpoint(url);
}

const base64url = (bytes: number) => new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`);

/** An uncompressed P-256 point: 65 bytes, the first 0x04 (base64url 'B…'). */
const P256DH = base64url(65);
const AUTH = base64url(16);

/** P-256 (secp256r1): the field's prime and the curve's b; a is -3 (y² = x³ - 3x + b mod p). */
const P256_P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn;
const P256_B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;

const bytesOfBase64url = (text: string): Uint8Array =>
  Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0));
const bigIntOf = (bytes: Uint8Array): bigint =>
  bytes.reduce((value, byte) => (value << 8n) | BigInt(byte), 0n);

/**
 * Whether a base64url key is an uncompressed point on P-256: 0x04, then x and y below the field's
 * prime with y² = x³ - 3x + b. The curve's cofactor is 1, so every such point is in the group
 * ECDH works in. A key off the curve is refused when it is handed over, not when a push to it
 * fails (or, with a careless implementation, leaks the server's key bits) later. Plain arithmetic,
 * so the browser and the server check alike.
 */
export function isP256Point(key: string): boolean {
  if (!P256DH.test(key)) return false;
  const bytes = bytesOfBase64url(key);
  if (bytes.length !== 65 || bytes[0] !== 0x04) return false;
  const x = bigIntOf(bytes.subarray(1, 33));
  const y = bigIntOf(bytes.subarray(33));
  if (x >= P256_P || y >= P256_P) return false;
  const p = P256_P;
  return (y * y) % p === (((((x * x) % p) * x - 3n * x + P256_B) % p) + p) % p;
}

export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string()
    .max(1024, PUSH_MESSAGES.endpointInvalid)
    .refine(endpointAllowed, PUSH_MESSAGES.endpointInvalid),
  /** What PushSubscription.toJSON() carries besides; never used. */
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().refine(isP256Point, PUSH_MESSAGES.keyInvalid),
    auth: z.string().regex(AUTH, PUSH_MESSAGES.authInvalid),
  }),
  browser: z.enum(PUSH_BROWSERS),
  platform: z.enum(PUSH_PLATFORMS),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushDeviceParamSchema = z.object({ id: z.uuid('Invalid device id') });

// In a module of its own, without zod: the browser computes it on every signed-in page (sign-out).
export { pushDeviceId } from './push-device-id.ts';

/** What a push says: the service worker shows it and opens `url` when it is tapped. */
export interface PushPayload {
  title: string;
  body: string;
  /** A path of the site: the reminder, or the dashboard for several. */
  url: string;
  /** Replaces an earlier notification of the same tag (one a day). */
  tag: string;
}

/** A device the user turned notifications on for, as the settings list shows it. */
export interface PushDevice {
  /** Derived from the subscription's endpoint (pushDeviceId). */
  id: string;
  browser: PushBrowser;
  platform: PushPlatform;
  created_at: string;
}

/** The user's devices, and the key the browser subscribes with (the stage's VAPID public key). */
export interface PushDevices {
  devices: PushDevice[];
  public_key: string;
  /** The profile's switch for the daily push ('Send my reminders as notifications'). */
  push_reminders: boolean;
}

/** What 'Send a test notification' did: sent to each device, or removed it (the service said gone). */
export interface TestPushResult {
  sent: number;
  removed: number;
  failed: number;
}

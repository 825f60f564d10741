/**
 * This browser's side of push: the service worker, the permission and the push subscription. The
 * permission is asked only from a button press (turnOn), never on load.
 */
import type { PushSubscriptionInput } from '#shared/push.ts';
import { pushDeviceId } from '#shared/push-device-id.ts';
import { describeDevice } from './device.ts';

export const SERVICE_WORKER_URL = '/sw.js';

export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

export const permission = (): NotificationPermission =>
  pushSupported() ? Notification.permission : 'denied';

/** The service worker's registration, registering it first if need be. */
export async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

/**
 * Signed in: installs the service worker (without waiting for it), so the next visit opens the app
 * from its cached shell. Browsers without service workers simply load from the network.
 */
export function installAppShell(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => undefined);
}

/** This browser's subscription, if it has one (without asking anything). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const existing = await navigator.serviceWorker.getRegistration('/');
  return existing ? existing.pushManager.getSubscription() : null;
}

/** The id the server knows this browser's device by, or null when it has no subscription. */
export async function thisDeviceId(): Promise<string | null> {
  const subscription = await currentSubscription();
  return subscription ? pushDeviceId(subscription.endpoint) : null;
}

export class PermissionRefusedError extends Error {
  constructor() {
    super('Notifications are blocked for this site');
    this.name = 'PermissionRefusedError';
  }
}

/**
 * The browser's push service did not answer its subscribe (an AbortError): the browser is offline,
 * its network blocks the service, or, as headless Firefox, it has the Push API and no service.
 */
export class PushServiceUnreachableError extends Error {
  constructor() {
    super('The push service did not answer');
    this.name = 'PushServiceUnreachableError';
  }
}

/** Asks for permission (after the press), subscribes with the stage's key, and returns what to send. */
export async function subscribe(publicKey: string): Promise<PushSubscriptionInput> {
  if ((await Notification.requestPermission()) !== 'granted') throw new PermissionRefusedError();
  const reg = await registration();
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager
      .subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64url(publicKey) })
      .catch((error: unknown) => {
        throw error instanceof Error && error.name === 'AbortError'
          ? new PushServiceUnreachableError()
          : error;
      }));
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    ...describeDevice(navigator.userAgent),
  };
}

/** Ends this browser's subscription (the server's record is removed by the caller). */
export async function unsubscribe(): Promise<void> {
  await (await currentSubscription())?.unsubscribe();
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

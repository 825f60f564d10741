/**
 * Settings' 'Notifications' when the browser has the Push API but its push service does not answer
 * (headless Firefox, a browser offline or behind a network that blocks it): subscribing fails with
 * an AbortError, and the section says so where the button is, for as long as the page is open, and
 * that reminders still come by e-mail; not a passing toast that reads like the product's fault.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PushDevices } from '#shared/push.ts';
import { pushDevicesQueryKey } from '../../web/src/features/notifications/api/push-devices.ts';
import {
  UNREACHABLE_HINT,
  WebPushChannel,
} from '../../web/src/features/notifications/components/WebPushChannel.tsx';
import { renderWithClient } from './render.tsx';

const DEVICES: PushDevices & { thisDevice: string | null } = {
  devices: [],
  // A P-256 public key's length in base64url (the browser stand-in never reads it).
  public_key: 'B'.repeat(87),
  push_reminders: true,
  thisDevice: null,
};

/** A browser with service workers, the Push API and notifications allowed; its pushManager, to stub. */
function browserWhoseSubscribe() {
  const pushManager = {
    getSubscription: vi.fn(async () => null),
    subscribe: vi.fn<() => Promise<never>>(),
  };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'granted', requestPermission: async () => 'granted' });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: vi.fn(async () => ({})),
      ready: Promise.resolve({ pushManager }),
      getRegistration: vi.fn(async () => undefined),
    },
  });
  return pushManager;
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe("'Notifications' when the push service does not answer", () => {
  it('says so in the section, and that reminders still come by e-mail; other failures keep the general error', async () => {
    const pushManager = browserWhoseSubscribe();
    renderWithClient(<WebPushChannel />, [[pushDevicesQueryKey, DEVICES]]);
    const user = userEvent.setup();
    const turnOn = screen.getByRole('button', { name: 'Turn on notifications on this device' });

    // A failure of this app's own making (here, a key the browser refuses): the general error.
    pushManager.subscribe.mockRejectedValueOnce(
      new DOMException('Invalid raw ECDSA P-256 public key.', 'InvalidAccessError'),
    );
    await user.click(turnOn);
    expect(
      (await screen.findAllByText('Could not turn on notifications on this device')).length,
    ).toBeGreaterThan(0);
    expect(screen.queryByText(UNREACHABLE_HINT)).not.toBeInTheDocument();

    // The browser's push service does not answer: said in the section, and it stays said.
    pushManager.subscribe.mockRejectedValueOnce(
      new DOMException('Error retrieving push subscription.', 'AbortError'),
    );
    await user.click(turnOn);
    const hint = await screen.findByRole('status');
    expect(hint).toHaveTextContent(UNREACHABLE_HINT);
    expect(screen.getByRole('region', { name: /Notifications on this device/ })).toContainElement(hint);
    expect(pushManager.subscribe).toHaveBeenCalledTimes(2);
    // The button stays: the service may answer later.
    expect(screen.getByRole('button', { name: 'Turn on notifications on this device' })).toBeEnabled();
  });
});

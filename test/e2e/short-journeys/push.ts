/**
 * Notifications in Chromium, one journey at 390 px with its screens checked at 390 and 1280 px:
 * the app is installable (DevTools' installability check: manifest, icons, service worker), the
 * permission is granted, 'Turn on notifications on this device' subscribes (headless Chromium
 * reaches no push service, so PushManager's subscribe hands back a subscription on the fake push
 * service here), 'Send a test notification' goes as a Web Push request to that service and decrypts with
 * the device's keys, a push delivered with DevTools' ServiceWorker.deliverPushMessage is shown, its
 * click opens the reminder, 'Remove' and sign-out forget the device; axe clean.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Worker } from 'playwright-core';
import { PUSH_MESSAGES, pushDeviceId } from '../../../shared/push.ts';
import { expectAccessibleAtWidths, screenshots, toast, type E2e } from '../../support/e2e.ts';
import { browserSubscription, stackPushService, type FakePushService } from '../../support/push.ts';
import { addReminder, api, createUser, type TestUser } from '../../support/stack.ts';

/**
 * Stands in for the browser's push service: subscribe() and getSubscription() answer with a
 * subscription on the fake service (kept in localStorage, as the browser keeps its own). A string:
 * the root tsconfig has no DOM types.
 */
const fakePushManager = (subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) => `
  (() => {
    const subscription = ${JSON.stringify(subscription)};
    const key = 'e2e-push-subscription';
    const make = () => ({
      endpoint: subscription.endpoint,
      expirationTime: null,
      toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
      unsubscribe: async () => { localStorage.removeItem(key); return true; },
    });
    PushManager.prototype.subscribe = async () => { localStorage.setItem(key, '1'); return make(); };
    PushManager.prototype.getSubscription = async () => (localStorage.getItem(key) ? make() : null);
  })();
`;

async function serviceWorker(page: Page): Promise<Worker> {
  const [existing] = page.context().serviceWorkers();
  return existing ?? page.context().waitForEvent('serviceworker');
}

export function pushJourney({ stack, signedInPage, url }: E2e): void {
  describe('notifications', () => {
    let pushService: FakePushService;
    let user: TestUser;
    let reminderId: string;
    beforeAll(async () => {
      pushService = stackPushService(stack);
      user = await createUser(stack, { label: 'push' });
      reminderId = await addReminder(stack, user, {
        title: 'Car insurance',
        category: 'insurance',
        provider: 'Aviva',
        renewal_date: '2031-05-01',
        amount: 420,
        notes: null,
      });
    });

    it('turns on, tests, delivers, opens the reminder, removes and forgets the device on sign-out', async () => {
      const device = browserSubscription(pushService.origin);
      const page = await signedInPage(user, 390, '/dashboard', {
        notifications: true,
        serviceWorkers: 'allow',
      });
      const context = page.context();
      await context.grantPermissions(['notifications'], { origin: stack.appUrl });
      await context.addInitScript(
        fakePushManager({ endpoint: device.input.endpoint, keys: device.input.keys }),
      );

      // Installable: the manifest, its icons and a service worker (what Lighthouse's audit asked).
      const cdp = await context.newCDPSession(page);
      await page.goto(url('/settings'));
      const card = page.getByRole('region', { name: 'Notifications', exact: true });
      await card.getByRole('button', { name: 'Turn on notifications on this device' }).waitFor();
      await expectAccessibleAtWidths(page, 'notifications off', { overflow: true });

      await card.getByRole('button', { name: 'Turn on notifications on this device' }).click();
      await card.getByText('On for this device (Chrome on Linux)').waitFor();
      await card.getByRole('button', { name: 'Turn off' }).waitFor();
      const id = await pushDeviceId(device.input.endpoint);
      await card.getByRole('button', { name: 'Remove Chrome on Linux' }).waitFor();
      const installability = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      // Playwright's contexts are off the record, which Chromium reports first ('in-incognito').
      expect(installability.installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
      const manifest = (await cdp.send('Page.getAppManifest')) as {
        url: string;
        errors: unknown[];
        data: string;
      };
      expect(manifest.url).toBe(url('/manifest.webmanifest'));
      expect(manifest.errors).toEqual([]);
      expect(JSON.parse(manifest.data)).toMatchObject({ start_url: '/dashboard', display: 'standalone' });
      await expectAccessibleAtWidths(page, 'notifications on', { overflow: true });
      // The daily push's own switch: on by default once a device exists, saved as it changes.
      const daily = card.getByRole('checkbox', { name: PUSH_MESSAGES.pushRemindersLabel });
      await expect.poll(() => daily.isChecked()).toBe(true);
      await daily.uncheck();
      await expect.poll(async () => (await pushSettings(user)).push_reminders).toBe(false);
      await daily.check();
      await expect.poll(async () => (await pushSettings(user)).push_reminders).toBe(true);
      await screenshots(page, 'notifications');

      // 'Send a test notification': a Web Push request to the fake service, readable with the device's keys.
      const before = pushService.requests.length;
      await card.getByRole('button', { name: 'Send a test notification' }).click();
      await toast(page, 'Test notification sent').waitFor();
      expect(device.decrypt(pushService.requests[before]!.body)).toMatchObject({
        title: PUSH_MESSAGES.testTitle,
        body: PUSH_MESSAGES.testBody,
      });

      // A push delivered to the service worker is shown; its click opens the reminder.
      const worker = await serviceWorker(page);
      await cdp.send('ServiceWorker.enable');
      const registrationId = await new Promise<string>((resolve) => {
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const found = registrations.find((r: { scopeURL: string }) => r.scopeURL.startsWith(stack.appUrl));
          if (found) resolve(found.registrationId);
        });
      });
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: stack.appUrl,
        registrationId,
        data: JSON.stringify({
          title: '1 renewal needs you today',
          body: 'Car insurance: best day to get quotes',
          url: `/reminders/${reminderId}`,
          tag: 'daily',
        }),
      });
      const shown = () =>
        worker.evaluate(
          'self.registration.getNotifications().then((all) => all.map((n) => ({ title: n.title, body: n.body })))',
        );
      await expect
        .poll(shown)
        .toEqual([{ title: '1 renewal needs you today', body: 'Car insurance: best day to get quotes' }]);
      // A tap, as the notification's click event (DevTools cannot click a system notification).
      // (A synthetic event's waitUntil throws; the handler has started the navigation by then.)
      await worker.evaluate(`self.registration.getNotifications().then(([notification]) => {
      try { self.dispatchEvent(new NotificationEvent('notificationclick', { notification })); } catch {}
    })`);
      await page.waitForURL(new RegExp(`/reminders/${reminderId}$`));
      await page.getByRole('heading', { name: 'Car insurance' }).waitFor();

      // 'Remove' from the list, then on again, then sign-out forgets this device.
      await page.goto(url('/settings'));
      await card.getByRole('button', { name: 'Remove Chrome on Linux' }).click();
      await card.getByRole('button', { name: 'Turn on notifications on this device' }).waitFor();
      expect(await devices(user)).toEqual([]);
      await card.getByRole('button', { name: 'Turn on notifications on this device' }).click();
      await card.getByText('On for this device (Chrome on Linux)').waitFor();
      expect(await devices(user)).toEqual([id]);
      await page.getByRole('button', { name: /account menu/i }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await page.waitForURL(url('/'));
      expect(await devices(user)).toEqual([]);
    });
  });

  async function devices(user: TestUser): Promise<string[]> {
    const response = await api(stack, user.accessToken)('GET', '/api/push/devices');
    return (response.json as { devices: { id: string }[] }).devices.map((d) => d.id);
  }

  async function pushSettings(user: TestUser): Promise<{ push_reminders: boolean }> {
    return (await api(stack, user.accessToken)('GET', '/api/push/devices')).json as {
      push_reminders: boolean;
    };
  }
}

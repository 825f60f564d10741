/**
 * The dashboard opens at once, in Chromium, signed in once: while the list loads its skeleton holds
 * the page (axe clean, at 390 and 1280 px); the service worker keeps the app shell and the last
 * /config.json, so after one visit the dashboard opens and refreshes with the network refusing
 * /app.html, /dashboard and /config.json, while every /api answer still comes from the network; the
 * last list shows from this browser's copy before the network answers; a push's 'Snooze 3 days' opens
 * the reminder asking to confirm, and the snooze joins its history; a reminder edited from the kept
 * copy saves only once the fresh one has filled the form; sign-out forgets the kept copy;
 * a new worker (a deploy) takes over and deletes the older caches.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { SAVED_QUERIES_KEY } from '../../../web/src/api/saved-queries-key.ts';
import { expectAccessible, screenshotNow, type E2e } from '../../support/e2e.ts';
import { addReminder, api, createUser } from '../../support/stack.ts';

/** Resolves once the service worker controls the page and has the shell in its cache. */
async function shellCached(page: Page): Promise<void> {
  const ready = `navigator.serviceWorker.controller !== null &&
    caches.match('/app.html').then(Boolean)`;
  await expect.poll(() => page.evaluate(ready)).toBe(true);
}

/** Every URL the worker's caches hold. */
const cachedUrls = (page: Page) =>
  page.evaluate(`caches.keys().then((names) => Promise.all(names.map((n) => caches.open(n).then((c) => c.keys()))))
    .then((all) => all.flat().map((r) => new URL(r.url).pathname))`) as Promise<string[]>;

const HOME_INSURANCE = {
  title: 'Home insurance',
  category: 'insurance',
  provider: 'Aviva',
  renewal_date: '2031-05-01',
  amount: 300,
  notes: null,
};

export function appShellJourney({ stack, signedInPage, url }: E2e): void {
  describe('a dashboard that opens at once', () => {
    it('shows a skeleton, then keeps the shell and the last list, never an API answer', async () => {
      const user = await createUser(stack, { label: 'shell' });
      const reminderId = await addReminder(stack, user, HOME_INSURANCE);
      const page = await signedInPage(user, 390, '/dashboard', {
        notifications: true,
        serviceWorkers: 'allow',
      });
      const context = page.context();
      await page.getByText('Home insurance').first().waitFor();
      await shellCached(page);
      const cached = await cachedUrls(page);
      expect(cached).toContain('/app.html');
      expect(cached.some((path) => path.startsWith('/assets/'))).toBe(true);
      expect(cached.filter((path) => !path.startsWith('/assets/') && path !== '/app.html')).toEqual([
        '/config.json',
      ]);

      // Offline for the shell: the network refuses the page itself and the configuration, and still
      // the dashboard opens (and refreshes).
      const offline = /\/(app\.html|dashboard|config\.json)$/;
      await context.route(offline, (route) => route.abort());
      const answers: Response[] = [];
      page.on('response', (response) => answers.push(response));
      const held: (() => void)[] = [];
      // The list is held back at the network: what shows first is this browser's kept copy.
      await context.route('**/api/reminders', async (route) => {
        await new Promise<void>((release) => held.push(release));
        await route.continue();
      });
      const navigation = await page.reload();
      expect(navigation?.fromServiceWorker()).toBe(true);
      await page.getByText('Home insurance').first().waitFor();
      await expect.poll(() => held.length).toBeGreaterThan(0); // it refreshes as well

      // Meanwhile the reminder changed elsewhere. Edited from the kept copy, it cannot be saved until
      // the fresh copy is in, which then fills the form.
      const changed = await api(stack, user.accessToken)('PUT', `/api/reminders/${reminderId}`, {
        ...HOME_INSURANCE,
        provider: 'Direct Line',
      });
      expect(changed.status).toBe(200);
      await page.getByRole('button', { name: 'Edit Home insurance' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Reminder' });
      const provider = edit.getByLabel(/^Provider/);
      expect(await provider.inputValue()).toBe('Aviva');
      expect(await edit.getByRole('button', { name: 'Update Reminder' }).isDisabled()).toBe(true);
      await expectAccessible(page, 'edit dialog while the kept list refreshes');
      await screenshotNow(page, 'edit-refreshing');
      const refreshed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/reminders');
      for (const release of held.splice(0)) release();
      await refreshed;
      await expect.poll(() => provider.inputValue()).toBe('Direct Line');
      expect(await edit.getByRole('button', { name: 'Update Reminder' }).isEnabled()).toBe(true);
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await edit.waitFor({ state: 'detached' });
      const apiAnswers = answers.filter((r) => new URL(r.url()).pathname.startsWith('/api/'));
      expect(apiAnswers.length).toBeGreaterThan(0);
      expect(apiAnswers.filter((r) => r.fromServiceWorker())).toEqual([]);
      await context.unroute(offline);

      // No kept copy (another browser): the skeleton holds the page until the list arrives.
      await context.addInitScript(`localStorage.removeItem(${JSON.stringify(SAVED_QUERIES_KEY)})`);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.reload();
        const skeleton = page.getByRole('status').filter({ hasText: 'Loading your dashboard' });
        await skeleton.waitFor();
        await expectAccessible(page, `dashboard skeleton at ${width}`);
        await screenshotNow(page, 'dashboard-skeleton');
        await expect.poll(() => held.length).toBeGreaterThan(0);
        for (const release of held.splice(0)) release();
        await page.getByText('Home insurance').first().waitFor();
        await screenshotNow(page, 'dashboard-kept-list');
      }
      await context.unroute('**/api/reminders');

      // A push about this reminder offers 'Snooze 3 days'; the action opens its page asking to confirm.
      await context.grantPermissions(['notifications'], { origin: stack.appUrl });
      const [worker] = context.serviceWorkers();
      // The worker's own push handler, as a push event (a synthetic event's waitUntil throws, after the handler ran).
      await worker!.evaluate(`try { self.dispatchEvent(new PushEvent('push', { data: JSON.stringify({
      title: '1 renewal needs you today', body: 'Home insurance renews tomorrow',
      url: '/reminders/${reminderId}' }) })); } catch {}`);
      const actions = () =>
        worker!.evaluate(
          'self.registration.getNotifications().then((all) => all.flatMap((n) => n.actions.map((a) => a.title)))',
        );
      await expect.poll(actions).toEqual(['Open', 'Snooze 3 days']);
      await worker!.evaluate(`self.registration.getNotifications().then(([notification]) => {
      try { self.dispatchEvent(new NotificationEvent('notificationclick', { notification, action: 'snooze' })); } catch {}
    })`);
      await page.waitForURL(new RegExp(`/reminders/${reminderId}\\?snooze=1$`));
      const dialog = page.getByRole('alertdialog', { name: 'Snooze 3 days' });
      await dialog.waitFor();
      await expectAccessible(page, 'snooze confirmation');
      await screenshotNow(page, 'snooze-confirm');
      await dialog.getByRole('button', { name: 'Snooze 3 days' }).click();
      const history = page.getByRole('region', { name: 'History' });
      await history.getByText(/^Snoozed until \d{2}\/\d{2}\/\d{4}$/).waitFor();
      await page.waitForURL(new RegExp(`/reminders/${reminderId}$`));
      await page.setViewportSize({ width: 390, height: 900 });
      await screenshotNow(page, 'snoozed', { fullPage: true });

      // Sign-out forgets the kept list.
      const kept = () => page.evaluate(`localStorage.getItem(${JSON.stringify(SAVED_QUERIES_KEY)}) !== null`);
      await expect.poll(kept).toBe(true);
      await page.getByRole('button', { name: /account menu/i }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await page.waitForURL(url('/'));
      expect(await page.evaluate(`localStorage.getItem(${JSON.stringify(SAVED_QUERIES_KEY)})`)).toBeNull();

      // A deploy: a new worker takes over and deletes the caches of other versions. (Its script's URL
      // differs, which makes it new to the browser; the build's version names the cache it keeps.)
      const current = await page.evaluate('caches.keys()');
      expect(current).toEqual([expect.stringMatching(/^rr-shell-[0-9a-f]{16}$/)]);
      await page.evaluate(`caches.open('rr-shell-older').then((c) => c.put('/old', new Response('old')))`);
      // 'activated': its activate handler (which deletes them) has finished.
      const takenOver = `navigator.serviceWorker.register('/sw.js?next', { scope: '/' }).then((r) => {
      const worker = r.installing ?? r.waiting ?? r.active;
      return new Promise((done) => {
        const check = () => worker.state === 'activated' && done(worker.scriptURL);
        worker.addEventListener('statechange', check);
        check();
      });
    })`;
      expect(await page.evaluate(takenOver)).toMatch(/\/sw\.js\?next$/);
      expect(await page.evaluate('caches.keys()')).toEqual(current);
    });
  });
}

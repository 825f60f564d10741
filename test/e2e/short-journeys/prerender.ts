/**
 * The prerendered public pages as the local server serves them (the paths mapped as CloudFront maps
 * them): each page's content and head are in its HTML before any script runs, the browser hydrates it
 * with no warning, an unknown path is a 404 with the 404 page, the landing page leads to /auth and
 * into the app, and axe finds nothing at 390 and 1280 px.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleMessage, Page } from 'playwright-core';
import { APP_LOADING_ID, PRERENDERED_PATHS } from '../../../shared/sitePaths.ts';
import type { E2e } from '../../support/e2e.ts';
import { createUser, type TestUser } from '../../support/stack.ts';

/** Text each page shows, and the page's own title. */
const PAGES: Record<string, { text: string; title: string }> = {
  '/': {
    text: 'Never miss a renewal again.',
    title: 'Renewal Reminders: Never lose money on renewals again',
  },
  '/privacy': { text: 'Privacy Policy', title: 'Privacy Policy | Renewal Reminders' },
  '/terms': { text: 'Terms of Service', title: 'Terms of Service | Renewal Reminders' },
  '/docs': { text: 'Release checklist', title: 'Documentation | Renewal Reminders' },
  '/unsubscribe': { text: 'Checking your unsubscribe link', title: 'Unsubscribe | Renewal Reminders' },
  '/car-insurance': { text: '27%', title: 'Car Insurance Renewal Reminders | Renewal Reminders' },
  '/broadband-mobile': {
    text: '£325',
    title: 'Broadband &amp; Mobile Renewal Reminders | Renewal Reminders',
  },
  '/energy': { text: '£200–£400', title: 'Energy Renewal Reminders | Renewal Reminders' },
  '/subscriptions': { text: '£688M', title: 'Subscription Renewal Reminders | Renewal Reminders' },
  '/mortgages': { text: '£1,200–£2,500', title: 'Mortgage Renewal Reminders | Renewal Reminders' },
};

/** Console errors and warnings, and uncaught errors (React reports a hydration mismatch as one). */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

export function prerenderJourney({ stack, newPage, url, signIn }: E2e): void {
  describe('prerendered pages', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await createUser(stack, { label: 'prerender' });
    });

    it('hold their content, head and canonical link in the HTML, before any script runs', async () => {
      expect(Object.keys(PAGES).sort()).toEqual([...PRERENDERED_PATHS].sort());
      for (const [path, page] of Object.entries(PAGES)) {
        const response = await fetch(url(path));
        expect(response.status, path).toBe(200);
        const html = await response.text();
        const root = html.slice(html.indexOf('<div id="root">'));
        expect(root, path).toContain(page.text);
        expect(html, path).toContain(`<title>${page.title}</title>`);
        expect(html, path).toContain(`<link rel="canonical" href="${stack.appUrl}${path}">`);
        expect(html, path).toContain(`<meta property="og:image" content="${stack.appUrl}/og-image.png">`);
        expect(html, path).not.toContain('noindex');
      }
      const image = await fetch(url('/og-image.png'));
      expect(image.headers.get('content-type')).toBe('image/png');
      const sitemap = await (await fetch(url('/sitemap.xml'))).text();
      for (const path of PRERENDERED_PATHS) expect(sitemap).toContain(`<loc>${stack.appUrl}${path}</loc>`);
      expect(await (await fetch(url('/robots.txt'))).text()).toContain(
        `Sitemap: ${stack.appUrl}/sitemap.xml`,
      );
    });

    it('serves the app shell, marked noindex, for the signed-in routes; an unknown path is a 404 with the 404 page', async () => {
      for (const path of ['/dashboard', '/auth', '/reminders/abc', '/admin/run-cron']) {
        const response = await fetch(url(path));
        expect(response.status, path).toBe(200);
        const html = await response.text();
        expect(html, path).toContain('<meta name="robots" content="noindex">');
        // An empty #root (rendered, not hydrated), with the spinner beside it until the code runs.
        expect(html, path).toContain(`<div id="root"></div><div id="${APP_LOADING_ID}"`);
      }
      // Once the app renders, the shell's spinner is gone.
      const page = await newPage(390);
      await page.goto(url('/auth'));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.locator(`#${APP_LOADING_ID}`).count()).toBe(0);
      await page.context().close();
      for (const path of ['/no-such-page', '/privacy/more', '/404']) {
        const response = await fetch(url(path));
        expect(response.status, path).toBe(404);
        expect(await response.text(), path).toContain('Oops! Page not found');
      }
      expect((await fetch(url('/assets/no-such-file.js'))).status).toBe(404);
    });

    // axe runs on these pages, hydrated, at both widths in a11y.test.ts (the unsubscribe page's in
    // reminders-by-mail.ts); here, that hydrating them warns of nothing.
    it('hydrate with no warning', async () => {
      const page = await newPage(1280);
      const problems = watchConsole(page);
      for (const path of PRERENDERED_PATHS) {
        await page.goto(url(path), { waitUntil: 'networkidle' });
        // Hydrated: the page's own effect has run (the unsubscribe shell, without a token, says so).
        if (path === '/unsubscribe') await page.getByText('This unsubscribe link is not valid').waitFor();
      }
      expect(problems).toEqual([]);
      await page.context().close();
    });

    it('hydrates the 404 page at an unknown path, which it still reports', async () => {
      const page = await newPage(390);
      const problems = watchConsole(page);
      const report = page.waitForRequest((r) => r.url().endsWith('/api/not-found'));
      const response = await page.goto(url('/no-such-page'));
      expect(response?.status()).toBe(404);
      expect((await report).postDataJSON()).toEqual({ path: '/no-such-page' });
      await page.getByRole('link', { name: 'Return to Home' }).click();
      await page.waitForURL(url('/'));
      // The document's own 404 is the one console line Chromium writes.
      expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
      await page.context().close();
    });

    it('lead from the landing page to /auth and into the app', async () => {
      // With the service worker the app installs once signed in: a visit as people make it logs nothing.
      const page = await newPage(1280, { serviceWorkers: 'allow' });
      const problems = watchConsole(page);
      await page.goto(url('/'));
      await page.getByRole('link', { name: 'Get Started Free', exact: true }).first().click();
      await page.waitForURL(/\/auth\?tab=signup$/);
      // A sign-up button opens Sign Up; this user has an account already.
      await page.getByRole('tab', { name: 'Sign In' }).click();
      await signIn(page, user, { goto: false });
      await page.getByRole('heading', { name: 'Dashboard' }).first().waitFor();
      // Amplify warns, rightly, that the local stack's Cognito endpoint is a custom one.
      expect(problems.filter((p) => !p.includes('custom Amazon Amazon Cognito User Pool endpoint'))).toEqual(
        [],
      );
      await page.context().close();
    });
  });
}

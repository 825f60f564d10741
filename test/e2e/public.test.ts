/**
 * The public site in Chromium at 390 px and 1280 px: the landing page's blocks in order, every sign-up
 * button, the categories menu, the promotion, the footer, the five category pages, the legal pages,
 * /docs, titles and descriptions, the 404 and its server log, and the admin menus (admins only).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { expectFitsWidth, expectNoHorizontalOverflow, useE2e, WIDTHS } from '../support/e2e.ts';
import { createUser, type TestUser } from '../support/stack.ts';

const { stack, newPage, signedInPage } = useE2e();
let admin: TestUser;
let regular: TestUser;

beforeAll(async () => {
  [admin, regular] = await Promise.all([
    createUser(stack, { admin: true, label: 'admin' }),
    createUser(stack, { label: 'regular' }),
  ]);
});

const CATEGORY_PAGES = [
  { path: '/car-insurance', name: 'Car Insurance', heading: 'Car Insurance Renewal Reminders', fact: '27%' },
  {
    path: '/broadband-mobile',
    name: 'Broadband & Mobile',
    heading: 'Broadband & Mobile Renewal Reminders',
    fact: '£325',
  },
  { path: '/energy', name: 'Energy', heading: 'Energy Renewal Reminders', fact: '£200–£400' },
  { path: '/subscriptions', name: 'Subscriptions', heading: 'Subscription Renewal Reminders', fact: '£688M' },
  { path: '/mortgages', name: 'Mortgages', heading: 'Mortgage Renewal Reminders', fact: '£1,200–£2,500' },
];

async function metaDescription(page: Page): Promise<string> {
  return (await page.locator('meta[name="description"]').getAttribute('content')) ?? '';
}

/** Scripts the page downloaded, by file name. */
function trackScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (r: Request) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  return scripts;
}

describe.each(WIDTHS)('landing page at %i px', (width) => {
  it('shows every block in order, the promotion, and sends every sign-up button to Sign Up', async () => {
    const page = await newPage(width);
    const scripts = trackScripts(page);
    await page.goto(`${stack.appUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'Never miss a renewal again.' }).waitFor();
    expect(await page.title()).toContain('Renewal Reminders');
    expect(await metaDescription(page)).toMatch(/renewal/i);
    expect(await page.locator('html').getAttribute('lang')).toBe('en-GB');

    // The landing page's blocks, in order.
    const headings = await page.locator('main h1, main h2').allInnerTexts();
    const order = [
      'Never miss a renewal again.',
      'How It Works',
      'Private by design',
      'Reminders for every renewal',
      'Know every renewal date before it costs you',
      'Why Choose Renewal Reminders',
      'The cost of forgetting',
      'Your data, your control',
      'Stop overpaying on autopilot',
    ];
    const positions = order.map((h) => headings.indexOf(h));
    expect(
      positions.every((p) => p >= 0),
      `headings: ${headings.join(' | ')}`,
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    await page.locator('main blockquote').waitFor();
    for (const step of ['Add your renewal', 'We track the dates', "Get reminders before it's too late"]) {
      await page.getByRole('heading', { name: step }).waitFor();
    }
    for (const why of ['Peace of mind', 'Save money', 'Takes seconds', 'Personalised alerts']) {
      await page.getByRole('heading', { name: why }).waitFor();
    }
    const data = page.locator('.data-card');
    await data.getByText('We store only renewal dates and product names').waitFor();
    await data.getByText('We never connect to your bank accounts.').waitFor();
    await data.getByText('We never share or sell your data.').waitFor();
    for (const figure of ['7 in 10', '£325', '27%', '£1.6B']) {
      await page.locator('.stats-grid').getByText(figure, { exact: true }).waitFor();
    }

    // The promotion, from the API.
    await page.getByText(/The first 1,000 members are free for life — [\d,]+ places left/).waitFor();

    // Sign-up buttons: nav (Sign In on small screens, Get Started Free on wide), hero, mid-page, final.
    const nav = page.getByRole('navigation', { name: 'Main' });
    if (width < 641) {
      expect(await nav.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
      expect(await nav.getByRole('link', { name: 'Get Started Free' }).count()).toBe(0);
    } else {
      expect(await nav.getByRole('link', { name: 'Get Started Free' }).getAttribute('href')).toBe(
        '/auth?tab=signup',
      );
      expect(await nav.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    }
    const main = page.locator('main');
    for (const name of ['Get Started Free', 'Get Started Free Today', 'Sign up free in 30 seconds']) {
      expect(await main.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(
        '/auth?tab=signup',
      );
    }

    // Five category cards with 'Learn more'.
    for (const c of CATEGORY_PAGES) {
      const link = page.getByRole('link', { name: `Learn more about ${c.name}` });
      expect(await link.getAttribute('href')).toBe(c.path);
      // Visible text 'Learn more'; the rest of the name is visually hidden (descriptive for SEO and AT).
      expect(await link.textContent()).toBe(`Learn more about ${c.name}`);
      expect(await link.locator('.visually-hidden').innerText()).toBe(` about ${c.name}`.trim());
    }

    // Signed out: no admin menu, no admin strip, and no auth code downloaded.
    expect(await page.getByRole('button', { name: 'Admin' }).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Admin tools' }).count()).toBe(0);
    await page.waitForLoadState('networkidle');
    const authChunks = scripts.filter((s) => /amplify|session|guards|queries|QueryClient/i.test(s));
    expect(authChunks, scripts.join(', ')).toEqual([]);

    await expectNoHorizontalOverflow(page, `landing ${width}`);
    // The cards of each grid that share a row line up: same top, same height.
    // Measured in the page (the test's own tsconfig has no DOM types, hence a script string): per
    // grid, the cards grouped into rows, each row as [top, height, top, height, ...].
    const rows = await page.evaluate<number[][]>(`
      [...document.querySelectorAll('.card-grid')].flatMap((grid) => {
        const byTop = new Map();
        for (const card of grid.children) {
          const box = card.getBoundingClientRect();
          const row = [...byTop.keys()].find((top) => Math.abs(top - box.top) < box.height / 2) ?? box.top;
          byTop.set(row, [...(byTop.get(row) ?? []), box.top, box.height]);
        }
        return [...byTop.values()];
      })`);
    for (const row of rows) {
      const tops = row.filter((_, i) => i % 2 === 0);
      const heights = row.filter((_, i) => i % 2 === 1);
      expect(Math.max(...tops) - Math.min(...tops), `card tops ${tops.join(', ')}`).toBeLessThan(1);
      expect(Math.max(...heights) - Math.min(...heights), `card heights ${heights.join(', ')}`).toBeLessThan(
        1,
      );
    }

    // Every sign-up button opens /auth on Sign Up.
    await main.getByRole('link', { name: 'Sign up free in 30 seconds' }).click();
    await page.waitForURL(/\/auth\?tab=signup$/);
    await page.getByText('Never lose money on renewals again').first().waitFor();
    expect(await page.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');
    await page.context().close();
  });

  it('scrolls smoothly to the categories and opens the Categories menu', async () => {
    const page = await newPage(width);
    await page.goto(`${stack.appUrl}/`);
    await page.getByRole('link', { name: 'See what you can track' }).click();
    await expect
      .poll(() => page.evaluate<number>("document.getElementById('categories').getBoundingClientRect().top"))
      .toBeLessThan(200);
    expect(new URL(page.url()).hash).toBe('#categories');

    // Categories menu: a dropdown on wide screens, a collapsible full-width list on small ones.
    const button = page.getByRole('button', { name: 'Categories' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const list = page.locator('.nav-categories .nav-disclosure-list');
    const box = (await list.boundingBox())!;
    if (width < 641) expect(box.width).toBeGreaterThan(width - 20);
    else expect(box.width).toBeLessThan(400);
    for (const c of CATEGORY_PAGES) await list.getByRole('link', { name: c.name }).waitFor();

    // Escape closes it and returns focus; keyboard opens it again.
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });
    expect(await page.locator('.nav-categories .nav-disclosure-button:focus').count()).toBe(1);
    await page.keyboard.press('Enter');
    await list.getByRole('link', { name: 'Energy' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate<string | undefined>('document.activeElement?.textContent')).toBe(
      'Car Insurance',
    );
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/car-insurance$/);
    await list.waitFor({ state: 'hidden' });
    await page.context().close();
  });

  it('has a footer with categories, social links in new tabs, legal links and a copyright', async () => {
    const page = await newPage(width);
    await page.goto(`${stack.appUrl}/`);
    const footer = page.locator('footer');
    const categories = footer.getByRole('navigation', { name: 'Reminder Categories' });
    for (const c of CATEGORY_PAGES) {
      expect(await categories.getByRole('link', { name: c.name }).getAttribute('href')).toBe(c.path);
    }
    const social = footer.getByRole('navigation', { name: 'Follow us' }).getByRole('link');
    expect(await social.count()).toBe(4);
    for (const link of await social.all()) {
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await link.getAttribute('aria-label')).toMatch(/opens in a new tab/);
      expect(await link.getAttribute('href')).toMatch(/^https:\/\//);
    }
    expect(await footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(await footer.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    await footer.getByText(`© ${new Date().getFullYear()} Renewal Reminders`).waitFor();
    await page.context().close();
  });
});

// Content, not layout: each page once at 390 px, its layout at 1280 px too (resized in place).
describe('content pages', () => {
  it('renders each category page with its figures, intervals, tips, title and CTA', async () => {
    const width = 390;
    const page = await newPage(width);
    for (const c of CATEGORY_PAGES) {
      await page.goto(`${stack.appUrl}${c.path}`);
      await page.getByRole('heading', { level: 1, name: c.heading }).waitFor();
      expect(await page.title()).toBe(`${c.heading} | Renewal Reminders`);
      expect(await metaDescription(page)).toContain(c.fact);
      await page.locator('main').getByText(c.fact, { exact: true }).first().waitFor();
      await page.getByRole('heading', { name: 'When we remind you' }).waitFor();
      await page.getByRole('heading', { name: 'Practical tips' }).waitFor();
      const ctas = page.getByRole('link', { name: 'Get Started Free Today' });
      expect(await ctas.first().getAttribute('href')).toBe('/auth?tab=signup');
      await expectNoHorizontalOverflow(page, `${c.path} ${width}`);
      await expectFitsWidth(page, 1280, c.path);
    }
    await page.goto(`${stack.appUrl}/mortgages`);
    await page
      .getByText('E-mail reminders 90, 60, 30, 14 and 7 days before, and on the day itself.')
      .waitFor();
    await page.goto(`${stack.appUrl}/subscriptions`);
    await page.getByText('E-mail reminders 14, 7 and 1 days before, and on the day itself.').waitFor();
    await page.getByRole('link', { name: 'Get Started Free Today' }).first().click();
    await page.waitForURL(/\/auth\?tab=signup$/);
    await page.context().close();
  });

  it('renders the privacy policy, the terms and the docs', async () => {
    const width = 1280;
    const page = await newPage(width);
    await page.goto(`${stack.appUrl}/privacy`);
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    expect(await page.title()).toBe('Privacy Policy | Renewal Reminders');
    const privacy = page.locator('article');
    for (const text of [
      'We never connect to your bank accounts',
      'We never share or sell your data',
      'Settings → Delete Account',
      'Portability:',
      'Information Commissioner’s Office',
      'eu-west-2 (London)',
      'privacy@renewal-reminders.example',
    ]) {
      await privacy.getByText(text).first().waitFor();
    }

    await page.goto(`${stack.appUrl}/terms`);
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    expect(await page.title()).toBe('Terms of Service | Renewal Reminders');

    await page.goto(`${stack.appUrl}/docs`);
    await page.getByRole('heading', { level: 1, name: 'Documentation' }).waitFor();
    for (const h of ['Release checklist', 'Testing guide', 'Developer notes']) {
      await page.getByRole('heading', { level: 2, name: h }).waitFor();
    }
    expect(await page.locator('.steps-list > li').count()).toBe(6);
    await page.locator('article').getByText('npm test', { exact: true }).first().waitFor();
    await expectNoHorizontalOverflow(page, `docs ${width}`);
    await expectFitsWidth(page, 390, 'docs');
    await page.context().close();
  });
});

describe('404', () => {
  // Its layout at both widths is in a11y.test.ts.
  it('shows the 404 page at 390 px and logs only the path, once', async () => {
    const page = await newPage(390);
    const reports: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/not-found') && r.method() === 'POST') reports.push(r.postData() ?? '');
    });
    const response = page.waitForResponse((r) => r.url().endsWith('/api/not-found'));
    await page.goto(`${stack.appUrl}/no-such-page/here?email=someone@example.com#x`);
    await page.getByRole('heading', { name: '404' }).waitFor();
    await page.getByText('Oops! Page not found').waitFor();
    expect([202, 429]).toContain((await response).status());
    expect(await page.title()).toBe('Page not found | Renewal Reminders');
    await page.waitForTimeout(500);
    expect(reports.map((r) => JSON.parse(r))).toEqual([{ path: '/no-such-page/here' }]);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(`${stack.appUrl}/`);
    await page.context().close();
  });
});

describe('admin menus on the public pages', () => {
  it.each(WIDTHS)('shows the Admin dropdown and footer strip to an admin at %i px', async (width) => {
    const page = await signedInPage(admin, width, '/');
    const button = page.getByRole('button', { name: 'Admin' });
    await button.click();
    const menu = page.locator('.nav-admin .nav-disclosure-list');
    const expected = [
      ['Dashboard', '/admin'],
      ['Self-Check', '/admin/self-check'],
      ['Email Test', '/admin/email-test'],
      ['System Test', '/admin/system-test'],
    ];
    expect(await menu.getByRole('link').count()).toBe(4);
    for (const [name, href] of expected) {
      expect(await menu.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    const strip = page.getByRole('navigation', { name: 'Admin tools' });
    expect(await strip.getByRole('link', { name: 'Self-Check' }).getAttribute('href')).toBe(
      '/admin/self-check',
    );
    expect(await strip.getByRole('link', { name: 'Email Test' }).getAttribute('href')).toBe(
      '/admin/email-test',
    );
    await menu.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(/\/admin$/);
    await page.context().close();
  });

  it('shows nothing in their place to a signed-in regular user, and Dashboard for the sign-up buttons at 1280 and 390 px', async () => {
    const page = await signedInPage(regular, 1280);
    const me = page.waitForResponse((r) => r.url().endsWith('/api/me'));
    await page.goto(`${stack.appUrl}/`);
    await me;
    await page.waitForLoadState('networkidle');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const main = page.locator('main');
    // The nav differs by width: each checked, the page resized in place.
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expect
        .poll(() => nav.getByRole('link', { name: 'Dashboard' }).count(), { message: `${width}` })
        .toBe(1);
      expect(await page.getByRole('button', { name: 'Admin' }).count()).toBe(0);
      expect(await page.getByRole('navigation', { name: 'Admin tools' }).count()).toBe(0);

      // Signed in, every sign-up button reads 'Dashboard' and goes there.
      expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
      for (const name of [
        'Get Started Free',
        'Get Started Free Today',
        'Sign In',
        'Sign up free in 30 seconds',
      ]) {
        expect(await page.getByRole('link', { name, exact: true }).count(), `${name} at ${width}`).toBe(0);
      }
      expect(await main.getByRole('link', { name: 'Dashboard', exact: true }).count()).toBeGreaterThanOrEqual(
        3,
      );
    }
    await main.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${stack.appUrl}/admin`);
    await page.waitForURL(/\/404$/);
    await page.context().close();
  });
});

/**
 * The admin console's dashboard, as an admin uses it, in real Chromium against the whole local
 * stack: its cards, tools and breakdown lists at 1280 px (and, resized in place once loaded, its
 * layout at 360 px), the header dropdown at 390 px, the access rules for a regular user, and axe on
 * each. The tools it links to are in admin-tools.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectAccessible, expectNoHorizontalOverflow, useE2e } from '../support/e2e.ts';
import { expectFits360, london, setUpAdminConsole } from '../support/admin-e2e.ts';
import { addReminder, api, createUser, type TestUser } from '../support/stack.ts';

const e2e = useE2e();
const { stack, url, newPage, signInVia } = e2e;
let admin: TestUser;
let regular: TestUser;
/** One signed-in admin context at 1280 px, shared by the screen tests (they run in order). */
let adminContext: BrowserContext;
let adminPage: (path: string) => Promise<Page>;

/** Every statistic's figure is one line, whole, inside its card. */
async function expectFiguresOnOneLine(page: Page, width: number): Promise<void> {
  await page.locator('.admin-stat-value').first().waitFor();
  // Measured in the page (the test's own tsconfig has no DOM types, hence a script string).
  const shapes = await page.evaluate<{ text: string; lines: number; clipped: boolean }[]>(`
    [...document.querySelectorAll('.admin-stat-value')].map((node) => ({
      text: node.textContent,
      lines: Math.round(node.getBoundingClientRect().height / parseFloat(getComputedStyle(node).lineHeight)),
      clipped: node.scrollWidth > node.clientWidth,
    }))`);
  for (const shape of shapes)
    expect(shape, `figure at ${width} px`).toMatchObject({ lines: 1, clipped: false });
}

beforeAll(async () => {
  const [adminConsole, regularUser] = await Promise.all([
    setUpAdminConsole(e2e),
    createUser(stack, { label: 'regular' }),
  ]);
  ({ admin, adminContext, adminPage } = adminConsole);
  regular = regularUser;
});

describe('access for a regular user', () => {
  it('sends /admin to /404 and shows Access Denied on the self check and the e-mail test', async () => {
    const page = await newPage(1280);

    // Signed out: the Access Denied pages still require sign-in first.
    await signInVia(page, '/admin/self-check', regular);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page
      .getByText(
        "You don't have permission to access this page. This area is restricted to administrators only.",
      )
      .waitFor();
    await expectAccessible(page, 'access denied');
    await page.getByRole('button', { name: 'Go Home' }).click();
    await page.waitForURL(`${stack.appUrl}/`);

    await page.goto(`${stack.appUrl}/dashboard`);
    await page.getByRole('heading', { name: 'Your Reminders' }).waitFor();
    expect(await page.getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);
    await page.goto(`${stack.appUrl}/admin/email-test`);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL(/\/dashboard$/);

    for (const path of ['/admin', '/admin/run-cron', '/admin/system-test']) {
      await page.goto(`${stack.appUrl}${path}`);
      await page.waitForURL(/\/404$/);
      await page.getByText('Oops! Page not found').waitFor();
    }
    // The server is the real enforcement.
    const call = api(stack, regular.accessToken);
    expect((await call('GET', '/api/admin/stats')).status).toBe(403);
    expect((await call('POST', '/api/admin/run-cron', { simulate: true })).status).toBe(403);
    await page.context().close();
  });
});

describe('admin console (1280 px)', () => {
  it('dashboard: cards, tool buttons, breakdown lists (admin_dashboard_v1), back button', async () => {
    // Savings of £1,000,042.50 in all: the largest figure still sits on one line.
    const saveOn = (title: string, saved_amount: string) =>
      addReminder(stack, admin, {
        title,
        category: 'utilities_energy',
        provider: 'Octopus',
        // Long past: no lead or follow-up mail is due for it.
        renewal_date: london().minus({ days: 60 }).toISODate(),
      }).then((id) =>
        api(stack, admin.accessToken)('POST', `/api/reminders/${id}/savings`, {
          outcome: 'saved',
          saved_amount,
        }),
      );
    for (const [title, amount] of [
      ['Energy fix', '1000000'],
      ['Gas fix', '42.50'],
    ] as const) {
      expect((await saveOn(title, amount)).status).toBe(201);
    }
    // An account made and deleted this week counts in neither figure.
    const passing = await createUser(stack, { label: 'passing' });
    expect((await api(stack, passing.accessToken)('DELETE', '/api/me')).status).toBe(204);
    const page = await adminPage('/dashboard');
    await page.getByRole('link', { name: 'Admin', exact: true }).click();
    await page.waitForURL(/\/admin$/);
    const stats = page.getByRole('list', { name: 'Statistics' });
    await stats.waitFor();
    const text = await stats.innerText();
    expect(text).toContain('Total Users');
    expect(text).toMatch(/\+\d+ new this week/);
    // Every account of this stack joined this week: the two figures agree.
    const users = /Total Users\s+([\d,]+)\s+\+([\d,]+) new this week/.exec(text);
    expect(users?.[2]).toBe(users?.[1]);
    expect(text).toContain('Total Reminders');
    expect(text).toMatch(/\d+ active, \d+ overdue/);
    expect(text).toContain('Due Soon');
    expect(text).toMatch(/[1-9]\d* due in 7 days/);
    expect(text).toMatch(/[1-9]\d* due in 30 days/);
    expect(text).toContain('Total Savings');
    expect(text).toMatch(/£[\d,]+\.\d\d average per user/);
    expect(text).toContain('£1,000,042.50');
    await expectFiguresOnOneLine(page, 1280);
    expect(await page.getByText('Reminder email sending is paused').count()).toBe(0);

    // admin_dashboard_v1 is on in the local stack: the breakdown lists show.
    const byCategory = page.getByRole('region', { name: 'Reminders by Category' });
    await byCategory.getByText('Insurance').waitFor();
    await byCategory.getByText('Broadband & Mobile').waitFor();
    await page.getByRole('region', { name: 'Users by Country' }).getByText('United Kingdom (GB)').waitFor();
    await expectFits360(page, '/admin');
    await page.setViewportSize({ width: 360, height: 800 });
    await expectFiguresOnOneLine(page, 360);
    await page.setViewportSize({ width: 1280, height: 900 });

    for (const [name, path] of [
      ['Run System Test', '/admin/system-test'],
      ['Test Email', '/admin/email-test'],
      ['Run Cron Job', '/admin/run-cron'],
      ['View Logs', '/admin/cron-log'],
    ] as const) {
      expect(await page.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(path);
    }
    const nav = page.getByRole('navigation', { name: 'Admin', exact: true });
    for (const name of [
      'Dashboard',
      'Self Check',
      'Email Sandbox',
      'Run Cron',
      'Cron Logs',
      'Email Logs',
      'Email Test',
    ]) {
      await nav.getByRole('link', { name, exact: true }).waitFor();
    }
    await expectAccessible(page, 'admin dashboard');

    // The back button reads 'Back' on a tool and goes back; on /admin it reads 'Back to Admin' and,
    // with nothing before it in this tab, goes to the user dashboard.
    await nav.getByRole('link', { name: 'Cron Logs' }).click();
    await page.waitForURL(/\/admin\/cron-log$/);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.waitForURL(/\/admin$/);
    await page.getByRole('button', { name: 'Back to Admin' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.close();
  });
});

describe('admin console (390 px)', () => {
  it('the admin links are a dropdown; nothing overflows at 390 px (at 360: each screen above)', async () => {
    // The signed-in admin's context (the redirect through sign-in is in beforeAll), on a phone.
    const page = await adminContext.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(url('/admin/email-log'));
    await page.getByRole('region', { name: 'The last 100 email sends' }).waitFor();
    await expectNoHorizontalOverflow(page, 'email log at 390');

    const nav = page.getByRole('navigation', { name: 'Admin', exact: true });
    const toggle = nav.getByRole('button', { name: /Admin menu/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('link').count()).toBe(0);
    await expectAccessible(page, 'email log at 390');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await nav.getByRole('link').count()).toBe(7);
    await expectAccessible(page, 'admin menu open at 390');
    // Escape closes it and returns focus to the button.
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await nav.getByRole('link', { name: 'Cron Logs' }).click();
    await page.waitForURL(/\/admin\/cron-log$/);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await page.getByRole('heading', { level: 1, name: 'Cron Logs' }).waitFor();
    await expectNoHorizontalOverflow(page, 'cron log at 390');
    await page.close();
  });
});

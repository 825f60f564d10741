/**
 * The admin console, as an admin uses it, in real Chromium against the whole local stack: every
 * screen at 1280 px (and, resized in place once loaded, its layout at 360 px), the header dropdown at
 * 390 px, the access rules for a regular user, and axe on every admin page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DateTime } from 'luxon';
import {
  expectAccessible,
  expectFitsWidth,
  expectNoHorizontalOverflow,
  toast,
  useE2e,
} from '../support/e2e.ts';
import { addReminder, api, createUser, liveInDaytime, mailsTo, type TestUser } from '../support/stack.ts';

const { stack, url, newContext, newPage, signInVia } = useE2e();
let admin: TestUser;
let regular: TestUser;
/** One signed-in admin context at 1280 px, shared by the screen tests (they run in order). */
let adminContext: BrowserContext;

const london = () => DateTime.now().setZone('Europe/London');
/** The simulation's date, three days ahead, and the ids of the reminders the runs should pick up. */
const simDate = london().plus({ days: 3 }).toISODate()!;
let simReminderId = '';
let realReminderId = '';

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

/**
 * Down to 360 px nothing overflows the page (tables scroll inside their labelled region): checked
 * on the loaded screen, resized in place, then back to 1280 px.
 */
async function expectFits360(page: Page, label: string): Promise<void> {
  // Loaded: every panel's spinner has given way to its table or list.
  await page.locator('.spinner').first().waitFor({ state: 'detached' });
  await expectFitsWidth(page, 360, label);
}

async function adminPage(path: string): Promise<Page> {
  const page = await adminContext.newPage();
  await page.goto(url(path));
  return page;
}

beforeAll(async () => {
  [admin, regular] = await Promise.all([
    // A long address, as real ones are: the screens that show it (the e-mail test's) must wrap it at 360 px.
    createUser(stack, { admin: true, label: 'administrator.account' }),
    createUser(stack, { label: 'regular' }),
  ]);
  // The real run sends what is due now, at or after 08:00 in the owner's zone: the admin lives
  // where it is daytime, so the run finds the Real Broadband mail at any hour the test runs.
  const { today } = await liveInDaytime(stack, admin);
  simReminderId = await addReminder(stack, admin, {
    title: 'Simulated Insurance',
    category: 'insurance',
    provider: 'Aviva',
    renewal_date: DateTime.fromISO(simDate).plus({ days: 7 }).toISODate(),
    amount: 300,
  });
  realReminderId = await addReminder(stack, admin, {
    title: 'Real Broadband',
    category: 'broadband_mobile',
    provider: 'BT',
    renewal_date: today.plus({ days: 7 }).toISODate(),
    amount: 45,
  });

  adminContext = await newContext(1280);
  await adminContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.appUrl });
  // Signed out, /admin goes to /auth and comes back after signing in.
  const page = await adminContext.newPage();
  await signInVia(page, '/admin', admin);
  await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
  await page.close();
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
        // Long past: no lead or follow-up mail is due for it, so the run counts below stay the same.
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

  it('run cron: simulates the ?date= and the row appears in the e-mail sandbox', async () => {
    const page = await adminPage(`/admin/run-cron?date=${simDate}`);
    await page.getByRole('tab', { name: 'Simulate', selected: true }).waitFor();
    expect(await page.getByLabel('Simulation date').inputValue()).toBe(simDate);
    await expectAccessible(page, 'run cron (simulate)');
    await expectFits360(page, '/admin/run-cron');
    await page.getByRole('button', { name: 'Run Simulation' }).click();
    const result = page.getByRole('region', { name: /^(Success|Failed)$/ });
    await result.waitFor();
    expect(await result.getByRole('heading').innerText()).toBe('Success');
    // Two: the insurance's 7-day mail of that date, and (caught up, since no real run has sent it
    // yet) the broadband's 7-day mail of today.
    expect(await result.innerText()).toContain(
      `2 emails simulated for ${DateTime.fromISO(simDate).toFormat('dd/MM/yyyy')}`,
    );

    await result.getByRole('link', { name: 'Open the Email Sandbox' }).click();
    await page.waitForURL(/\/admin\/email-sandbox$/);
    const row = page.getByRole('row', { name: new RegExp(simReminderId.slice(0, 8)) });
    await row.waitFor();
    const rowText = await row.innerText();
    expect(rowText).toContain('Reminder');
    expect(rowText).toContain('7 days');
    expect(rowText).toContain('Simulated');
    expect(rowText).toContain(simReminderId.slice(0, 8));
    expect(rowText).toContain(admin.sub.slice(0, 8));
    expect(await row.locator('.badge-default', { hasText: '7 days' }).count()).toBe(1);
    await expectAccessible(page, 'email sandbox');
    await expectFits360(page, '/admin/email-sandbox');
    await page.close();
  });

  it('run cron: the real function sends now and the run shows in the cron log and the e-mail log', async () => {
    const page = await adminPage('/admin/run-cron');
    expect(await page.getByLabel('Simulation date').inputValue()).toBe(london().toISODate());
    // Keyboard: arrow right moves to the Real Function tab.
    await page.getByRole('tab', { name: 'Simulate' }).focus();
    await page.keyboard.press('ArrowRight');
    const realTab = page.getByRole('tabpanel', { name: 'Real Function' });
    await realTab.getByText('This runs the real reminder job now').waitFor();
    expect(await realTab.innerText()).toContain(london().toFormat('dd/MM/yyyy'));
    expect(await realTab.innerText()).toContain('Europe/London');
    expect(await realTab.getByRole('link', { name: 'View function logs' }).getAttribute('href')).toBe(
      '/admin/cron-log',
    );
    await expectAccessible(page, 'run cron (real)');
    await realTab.getByRole('button', { name: 'Run Real Function' }).click();
    const result = page.getByRole('region', { name: /^(Success|Failed)$/ });
    await result.waitFor();
    expect(await result.getByRole('heading').innerText()).toBe('Success');
    expect(await result.innerText()).toMatch(/1 email queued for/);
    // The local senders take it from the queue, as the SQS event source does on AWS.
    await stack.sendPoller.idle();
    const mails = await mailsTo(stack, admin.email);
    expect(mails.some((m) => `${m.subject} ${m.body.html ?? ''}`.includes('Real Broadband'))).toBe(true);

    // Each tab shows its own result: the Simulate tab has none on this page; Real keeps its own.
    await page.getByRole('tab', { name: 'Simulate' }).click();
    await page.getByRole('button', { name: 'Run Simulation' }).waitFor();
    expect(await page.getByRole('region', { name: /^(Success|Failed)$/ }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Real Function' }).click();
    expect(await result.innerText()).toMatch(/1 email queued for/);

    await result.getByRole('link', { name: 'View the Cron Logs' }).click();
    await page.waitForURL(/\/admin\/cron-log$/);
    const rows = page.locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    const real = await rows.nth(0).innerText();
    expect(real).toContain('Success');
    expect(real).not.toContain('Simulated');
    expect(real).toMatch(/(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d\d\/\d\d\/\d{4}, \d\d:\d\d:\d\d/);
    expect(real).toContain('Manual');
    expect(real).toMatch(/\d+\.\d\ds/);
    const simulated = await rows.nth(1).innerText();
    expect(simulated).toContain('Simulated');
    expect(simulated).toContain(simDate);
    await expectAccessible(page, 'cron log');
    await expectFits360(page, '/admin/cron-log');

    await page
      .getByRole('navigation', { name: 'Admin', exact: true })
      .getByRole('link', { name: 'Email Logs' })
      .click();
    await page.waitForURL(/\/admin\/email-log$/);
    // The real send (the simulation's record of the same mail is there too, pending).
    const sent = page
      .getByRole('row', { name: new RegExp(realReminderId.slice(0, 8)) })
      .filter({ hasText: 'Sent' });
    await sent.waitFor();
    expect(await sent.innerText()).toContain('Sent');
    expect(await sent.innerText()).toContain(admin.email);
    // The simulated send is there too, pending and marked.
    const pending = await page.getByRole('row', { name: new RegExp(simReminderId.slice(0, 8)) }).innerText();
    expect(pending).toContain('Pending');
    expect(pending).toContain('Simulated');
    await expectAccessible(page, 'email log');
    await expectFits360(page, '/admin/email-log');
    await page.close();
  });

  it('e-mail test: handshake check and a test reminder that lands in the mailbox', async () => {
    const page = await adminPage('/admin/email-test');
    const config = page.getByRole('region', { name: 'Provider configuration' });
    await config.getByText('ses', { exact: true }).waitFor();
    await config.getByText(admin.email).waitFor();
    await page.getByRole('button', { name: 'Run handshake check' }).click();
    const log = page.getByRole('list', { name: 'Results log' });
    await log.getByText(/^PASS: SES sending enabled/).waitFor();

    const before = (await mailsTo(stack, admin.email)).length;
    await page.getByRole('button', { name: 'Send test reminder email to me' }).click();
    await toast(page, 'Test email sent successfully! Check your inbox and spam folder.').waitFor();
    await log.getByText(`Test reminder email sent to ${admin.email}`, { exact: false }).waitFor();
    const mails = await mailsTo(stack, admin.email);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)!.subject).toMatch(/^\[Test\] /);
    await expectAccessible(page, 'email test');
    await expectFits360(page, '/admin/email-test');
    await page.close();
  });

  it('self check: configuration, handshake, recent sends and health checks', async () => {
    const page = await adminPage('/admin/self-check');
    const config = page.getByRole('region', { name: 'Configuration', exact: true });
    await config.getByText(stack.tableName).waitFor();
    for (const label of [
      'Email provider',
      'Sender (from address)',
      'Region',
      'Site URL',
      'API URL',
      'Table',
    ]) {
      await config.getByText(label, { exact: true }).waitFor();
    }
    await page.getByRole('button', { name: 'Run handshake' }).click();
    await page
      .getByTestId('handshake-result')
      .getByText(/^PASS: /)
      .waitFor();

    const sends = page.getByRole('region', { name: 'The 10 most recent email sends' });
    await sends.getByRole('columnheader', { name: 'Timestamp' }).waitFor();
    expect(await sends.locator('tbody tr').count()).toBeLessThanOrEqual(10);
    await sends
      .getByText(/^\[Test\] /)
      .first()
      .waitFor();

    await page.getByRole('button', { name: 'Run Health Checks' }).click();
    const health = page.getByRole('region', { name: 'Health checks', exact: true });
    const database = health.getByRole('listitem').filter({ hasText: 'Database' });
    await database.getByText('PASS').waitFor();
    // The real run above was moments ago: the last run of the reminder job is fresh.
    await health
      .getByRole('listitem')
      .filter({ hasText: 'Last reminder job run' })
      .getByText('PASS')
      .waitFor();
    await expectAccessible(page, 'self check');
    await expectFits360(page, '/admin/self-check');
    await page.close();
  });

  it('system test: checks grouped by category, Security passes, Copy Results, audit log', async () => {
    const page = await adminPage('/admin/system-test');
    const input = page.getByLabel('Test email address');
    await expect.poll(() => input.inputValue()).toBe(admin.email);
    await input.fill('not-an-email');
    await page.getByRole('button', { name: 'Run Full System Test' }).click();
    await page.getByText('Invalid email address').waitFor();
    await input.fill(admin.email);
    await page.getByRole('button', { name: 'Run Full System Test' }).click();

    const security = page.getByRole('region', { name: 'Security', exact: true });
    await security.waitFor();
    const checks = security.getByRole('listitem');
    expect(await checks.count()).toBe(3);
    expect(await security.getByText('PASS', { exact: true }).count()).toBe(3);
    await security.getByText("Regular user cannot read others' reminders").waitFor();
    await security.getByText('Regular user cannot read the audit log').waitFor();
    await page.getByRole('region', { name: 'Infrastructure' }).waitFor();
    // The test stack runs no scheduler, so exactly one check fails, and says why.
    const summary = await page.getByRole('list', { name: 'Summary' }).innerText();
    expect(summary).toMatch(/\d+ passed/);
    expect(summary).toContain('1 failed');
    expect(summary).toMatch(/\d+ warnings/);
    await page
      .getByRole('region', { name: 'Jobs', exact: true })
      .getByRole('listitem')
      .filter({ hasText: 'No schedule configured for the reminder job' })
      .getByText('FAIL', { exact: true })
      .waitFor();

    await page.getByRole('button', { name: 'Copy Results' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    const copied = await page.evaluate<string>('navigator.clipboard.readText()');
    expect(copied).toContain('# System Test Results');
    expect(copied).toContain('## Security');
    expect(copied).toContain("| PASS | Regular user cannot read others' reminders |");
    expect(copied).toContain(`- Test email: ${admin.email}`);
    // 'Copied' shows for 2 seconds.
    await page.getByRole('button', { name: 'Copy Results' }).waitFor({ timeout: 4_000 });

    const audit = page.getByRole('region', { name: 'Audit Log', exact: true });
    for (const action of ['System test', 'Test email', 'Run cron (real)', 'Simulate cron']) {
      await audit.getByRole('cell', { name: action, exact: true }).first().waitFor();
    }
    await expectAccessible(page, 'system test');
    await expectFits360(page, '/admin/system-test');
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

/**
 * The admin console's tools, as an admin uses them, in real Chromium against the whole local stack:
 * run cron (simulated and real), the e-mail sandbox and logs, the cron log, the e-mail test, the self
 * check and the system test, each at 1280 px (and, resized in place once loaded, its layout at
 * 360 px), with axe on every page. The tests run in order: each screen shows what the runs before it
 * did. The dashboard, the narrow header and the access rules are in admin-dashboard.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DateTime } from 'luxon';
import { expectAccessible, toast, useE2e } from '../support/e2e.ts';
import { expectFits360, london, setUpAdminConsole, simDate } from '../support/admin-e2e.ts';
import { mailsTo, type TestUser } from '../support/stack.ts';

const e2e = useE2e();
const { stack } = e2e;
let admin: TestUser;
/** The ids of the reminders the runs should pick up. */
let simReminderId = '';
let realReminderId = '';
let adminPage: (path: string) => Promise<Page>;

beforeAll(async () => {
  ({ admin, simReminderId, realReminderId, adminPage } = await setUpAdminConsole(e2e));
});

describe('admin console (1280 px)', () => {
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

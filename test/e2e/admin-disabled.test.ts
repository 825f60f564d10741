/**
 * The admin console when e-mail sending is disabled (EMAIL_PROVIDER=disabled): the orange notice on
 * the dashboard, the e-mail test blocked with the spec's notice, the empty sandbox, and a real run that
 * fails with its toast and shows as Failed (with its error truncated) in the cron log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DateTime } from 'luxon';
import { buildWeb, launchChromium } from '../support/browser.ts';
import { expectAccessible } from './helpers.ts';
import { api, createUser, startTestStack, type TestStack, type TestUser } from '../support/stack.ts';

/** Own build directory: see admin.test.ts. */

let stack: TestStack;
let browser: Browser;
let admin: TestUser;
let page: Page;

const toast = (p: Page, text: string) => p.locator('[data-sonner-toast]', { hasText: text });

beforeAll(async () => {
  const webDir = buildWeb();
  stack = await startTestStack({ webDir, emailProvider: 'disabled' });
  browser = await launchChromium();
  admin = await createUser(stack, { admin: true, label: 'admin-disabled' });
  const created = await api(stack, admin.accessToken)('POST', '/api/reminders', {
    title: 'Car Insurance',
    category: 'insurance',
    provider: 'Direct Line',
    renewal_date: DateTime.now().setZone('Europe/London').plus({ days: 7 }).toISODate(),
  });
  expect(created.status).toBe(201);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(`${stack.appUrl}/auth`);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/dashboard$/);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('admin console with sending disabled', () => {
  it('dashboard shows the orange notice', async () => {
    await page.goto(`${stack.appUrl}/admin`);
    await page.getByText('Reminder email sending is paused').waitFor();
    await page.getByRole('list', { name: 'Statistics' }).waitFor();
    await expectAccessible(page, 'dashboard (disabled)');
  });

  it('e-mail sandbox is empty, with the spec message', async () => {
    await page.goto(`${stack.appUrl}/admin/email-sandbox`);
    await page.getByText('No email logs found. Run the cron job to generate test emails.').waitFor();
    await expectAccessible(page, 'empty sandbox');
  });

  it('e-mail test: the send button is disabled with the notice', async () => {
    await page.goto(`${stack.appUrl}/admin/email-test`);
    await page.getByText('Email sending disabled (EMAIL_PROVIDER=disabled)').waitFor();
    const send = page.getByRole('button', { name: 'Send test reminder email to me' });
    await expect.poll(() => send.isDisabled()).toBe(true);
    // The server refuses too.
    const response = await api(stack, admin.accessToken)('POST', '/api/admin/test-email', {});
    expect(response.status).toBe(409);
    expect(response.json?.message).toBe('Email sending disabled (EMAIL_PROVIDER=disabled)');
    await expectAccessible(page, 'email test (disabled)');
  });

  it('a real run fails with the toast and shows as Failed in the cron log', async () => {
    await page.goto(`${stack.appUrl}/admin/run-cron`);
    await page.getByRole('tab', { name: 'Real Function' }).click();
    await page.getByRole('button', { name: 'Run Real Function' }).click();
    await toast(page, 'Edge Function Failed').waitFor();
    const result = page.getByRole('region', { name: 'Failed', exact: true });
    await result.getByText('Email sending disabled (EMAIL_PROVIDER=disabled): 1 mails not sent').waitFor();

    await page.goto(`${stack.appUrl}/admin/cron-log`);
    const row = page.locator('tbody tr').first();
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('Failed (1 error)');
    // The first errors are cut to 50 characters.
    const error = 'Email sending disabled (EMAIL_PROVIDER=disabled): 1 mails not sent';
    expect(text).toContain(`${error.slice(0, 50)}…`);
    expect(text).not.toContain(error);
    await expectAccessible(page, 'cron log (failed run)');
  });
});

/**
 * The admin console when e-mail sending is disabled (EMAIL_PROVIDER=disabled): the orange notice on
 * the dashboard, the e-mail test blocked with its notice, the empty sandbox, and a real run that
 * fails with its toast and shows as Failed (with its error truncated) in the cron log.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, toast, useE2e } from '../support/e2e.ts';
import { addReminder, api, createUser, liveInDaytime, type TestUser } from '../support/stack.ts';

const { stack, signedInPage } = useE2e({ emailProvider: 'disabled' });
let admin: TestUser;
/** One signed-in admin page at 1280 px, shared by the tests (they run in order). */
let page: Page;

beforeAll(async () => {
  admin = await createUser(stack, { admin: true, label: 'admin-disabled' });
  // The real run counts what is due now, at or after 08:00 in the owner's zone: a daytime zone
  // makes the reminder's 7-day mail due at any hour the test runs.
  const { today } = await liveInDaytime(stack, admin);
  await addReminder(stack, admin, {
    title: 'Car Insurance',
    category: 'insurance',
    provider: 'Direct Line',
    renewal_date: today.plus({ days: 7 }).toISODate(),
  });
  page = await signedInPage(admin, 1280);
});

describe('admin console with sending disabled', () => {
  it('dashboard shows the orange notice', async () => {
    await page.goto(`${stack.appUrl}/admin`);
    await page.getByText('Reminder email sending is paused').waitFor();
    await page.getByRole('list', { name: 'Statistics' }).waitFor();
    await expectAccessible(page, 'dashboard (disabled)');
  });

  it('e-mail sandbox is empty, with its message', async () => {
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
    // The handshake says sending is off, never 'PASS'.
    await page.getByRole('button', { name: 'Run handshake check' }).click();
    const entry = page.getByRole('list', { name: 'Results log' }).getByRole('listitem').first();
    await entry.getByText('Email sending disabled (EMAIL_PROVIDER=disabled)').waitFor();
    expect(await entry.innerText()).not.toContain('PASS');
    expect(await entry.getAttribute('class')).toBe('admin-warn');
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

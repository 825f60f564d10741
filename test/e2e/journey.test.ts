/**
 * The foundation journey, as a new user would try it, in real Chromium against the whole local
 * stack: sign up, confirm by the mailed link, sign in, add / edit / delete a reminder, sign out; all
 * under the security headers CloudFront sends, with no Content-Security-Policy violation on the way.
 * Also session upkeep: a check every 30 s refreshes the tokens when 90 s or less remain (in this file
 * to share its stack and browser).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { securityHeaderValues } from '../../lib/securityHeaders.ts';
import { toast, useE2e, watchCspViolations } from '../support/e2e.ts';
import { confirmationLink, createUser, uniqueEmail, type TestUser } from '../support/stack.ts';

const { stack, newPage, signIn } = useE2e();

describe('first journey (1280 px)', () => {
  const email = uniqueEmail('journey');
  const password = 'Journey-123';

  it('signs up, confirms by e-mail, signs in, manages a reminder and signs out', async () => {
    // As people make it, with the service worker the app installs once signed in (and its CSP).
    const page = await newPage(1280, { serviceWorkers: 'allow' });
    const violations = await watchCspViolations(page);

    // The landing page comes with the same headers CloudFront sends, and renders within its CSP.
    const landing = await page.goto(`${stack.appUrl}/`);
    const headers = landing!.headers();
    for (const [name, value] of Object.entries(securityHeaderValues('same-origin'))) {
      expect(headers[name], name).toBe(value);
    }
    await page.getByText('Never lose money on renewals again').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(violations, 'CSP violations on the landing page').toEqual([]);

    // Guards: a signed-out visitor on /dashboard goes to /auth.
    await page.goto(`${stack.appUrl}/dashboard`);
    await page.waitForURL(/\/auth/);
    await page.getByText('Never lose money on renewals again').first().waitFor();

    // Sign up.
    await page.getByRole('tab', { name: /sign up/i }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel(/^First Name/).fill('Jane');
    await page.getByLabel(/^Last Name/).fill('Doe');
    await page.getByLabel(/^Country/).selectOption('GB');
    await page.getByLabel('I consent to receiving marketing communications').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, 'Account created successfully!').waitFor();
    // A panel that stays: where the link went, and a resend.
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.getByText(`Sent to ${email.slice(0, 1)}•••@example.com`, { exact: false }).waitFor();
    const first = await confirmationLink(stack, email);
    await page.getByRole('button', { name: 'Resend confirmation e-mail' }).click();
    await toast(page, 'Confirmation e-mail sent').waitFor();
    await expect
      .poll(async () => (await confirmationLink(stack, email)).toString())
      .not.toBe(first.toString());

    // The older link was replaced by the resend: it says so, in words.
    await page.goto(first.toString());
    await toast(page, 'This link was replaced by a newer one. Use the latest e-mail, or sign in.').waitFor();
    await page.waitForURL(/\/auth\?tab=signin/);

    // Confirm with the latest link from the mailbox: in this browser, it signs in (decision 0028).
    const link = await confirmationLink(stack, email);
    await page.goto(link.toString());
    await toast(page, 'Welcome!').waitFor();
    await page.waitForURL(/\/dashboard$/);

    // Empty state, then add a reminder.
    await page.getByText('No reminders yet. Add your first reminder to start saving money!').waitFor();
    await page.getByRole('button', { name: 'Add Your First Reminder' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Add New Reminder' }).waitFor();
    const renewal = DateTime.now().setZone('Europe/London').plus({ days: 10 });
    await dialog.getByLabel(/^Title/).fill('Home Insurance');
    await dialog.getByLabel(/^Category/).selectOption('insurance');
    await dialog.getByLabel(/^Provider/).fill('Aviva');
    await dialog.getByLabel(/^(Deal ends|Renews on|Next payment) \*$/).fill(renewal.toISODate()!);
    await dialog.getByLabel(/^Amount/).fill('412.35');
    await dialog.getByLabel(/^Notes/).fill('Ask for the loyalty discount');
    await dialog.getByRole('button', { name: 'Create Reminder' }).click();
    await toast(page, 'Reminder created successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const row = page.getByRole('row', { name: /Home Insurance/ });
    await row.waitFor();
    const rowText = await row.innerText();
    expect(rowText).toContain(renewal.toFormat('dd/MM/yyyy'));
    expect(rowText).toContain('£412.35');
    expect(rowText).toContain('Aviva');
    expect(rowText).toContain('10 days');
    // The signed-in dashboard (Amplify's Cognito calls, the API, a dialog, toasts) within the CSP too.
    expect(violations, 'CSP violations signed in').toEqual([]);

    // Edit it.
    await page.getByRole('button', { name: 'Edit Home Insurance' }).click();
    await dialog.getByRole('heading', { name: 'Edit Reminder' }).waitFor();
    await expect(dialog.getByLabel(/^Provider/).inputValue()).resolves.toBe('Aviva');
    await dialog.getByLabel(/^Title/).fill('Home & Contents Insurance');
    await dialog.getByRole('button', { name: 'Update Reminder' }).click();
    await toast(page, 'Reminder updated successfully').waitFor();
    await page.getByRole('row', { name: /Home & Contents Insurance/ }).waitFor();

    // Delete it, through the confirmation.
    await page.getByRole('button', { name: 'Delete Home & Contents Insurance' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm
      .getByText('Are you sure you want to delete this reminder? This action cannot be undone.')
      .waitFor();
    // It names the reminder, and a screen reader hears the name with the question.
    expect(await confirm.locator('.dialog-subject').innerText()).toBe('Home & Contents Insurance · Aviva');
    const describedBy = await confirm.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toContain('Home & Contents Insurance');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Reminder deleted successfully').waitFor();
    await page.getByText('No reminders yet. Add your first reminder to start saving money!').waitFor();

    // Signed in, /auth sends to /dashboard.
    await page.goto(`${stack.appUrl}/auth`);
    await page.waitForURL(/\/dashboard$/);

    // Sign out from the avatar menu.
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${stack.appUrl}/`);
    expect(violations, 'CSP violations over the whole journey').toEqual([]);
    await page.context().close();
  });

  it('shows field errors from the shared schema and keeps the dialog open', async () => {
    const page = await newPage(390);
    await page.goto(`${stack.appUrl}/auth`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await toast(page, 'Login Error').waitFor();

    await signIn(page, { email, password }, { goto: false });
    await page.getByRole('button', { name: 'Add Your First Reminder' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create Reminder' }).click();
    await dialog.getByText('Title is required').waitFor();
    await dialog.getByText('Provider is required').waitFor();
    await dialog.getByText('Renewal date is required').waitFor();

    // On a phone the toast keeps clear of the header's account menu.
    await dialog.getByLabel(/^Title/).fill('Phone Contract');
    await dialog.getByLabel(/^Provider/).fill('EE');
    await dialog
      .getByLabel(/^(Deal ends|Renews on|Next payment) \*$/)
      .fill(DateTime.now().setZone('Europe/London').plus({ days: 40 }).toISODate()!);
    await dialog.getByRole('button', { name: 'Create Reminder' }).click();
    const created = toast(page, 'Reminder created successfully');
    await created.waitFor();
    // Wait for the toast's entry animation to settle before measuring.
    await page.waitForTimeout(600);
    const toastBox = (await page.locator('[data-sonner-toast]').first().boundingBox())!;
    // Over the header bar (clear of the page's content), but never over its account menu.
    for (const covered of [page.getByRole('button', { name: /account menu/i })]) {
      const box = (await covered.boundingBox())!;
      const overlaps =
        toastBox.x < box.x + box.width &&
        box.x < toastBox.x + toastBox.width &&
        toastBox.y < box.y + box.height &&
        box.y < toastBox.y + toastBox.height;
      expect(overlaps, `toast ${JSON.stringify(toastBox)} over ${JSON.stringify(box)}`).toBe(false);
    }
    await page.context().close();
  });

  it('shows the 404 page for an unknown path', async () => {
    const page = await newPage(390);
    await page.goto(`${stack.appUrl}/no-such-page`);
    await page.getByText('Oops! Page not found').waitFor();
    await page.getByRole('link', { name: /home/i }).first().waitFor();
    await page.context().close();
  });
});

describe('session refresh', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(stack, { label: 'session' });
  });

  it('refreshes the access token ahead of expiry, and keeps the user signed in', async () => {
    const page = await newPage(1280);
    await page.clock.install();
    await signIn(page, user);
    await page.getByText('No reminders yet. Add your first reminder to start saving money!').waitFor();

    const refreshes: string[] = [];
    page.on('request', (request) => {
      const target = request.headers()['x-amz-target'] ?? '';
      if (target.endsWith('GetTokensFromRefreshToken')) refreshes.push(target);
    });

    // Half an hour on: an hour-long token has plenty left, so no refresh.
    await page.clock.fastForward('30:00');
    await page.waitForTimeout(500);
    expect(refreshes).toHaveLength(0);

    // 59 minutes in: 60 s left, under the 90 s threshold, so the next check refreshes.
    await page.clock.fastForward('29:00');
    await expect.poll(() => refreshes.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);

    // Still signed in, with a token the API accepts.
    await page.reload();
    await page.getByText('No reminders yet. Add your first reminder to start saving money!').waitFor();
    await page.context().close();
  });
});

/**
 * Settings in Chromium, each journey once at 390 px or 1280 px (the page's axe and layout checks at
 * both widths are in a11y.test.ts): the profile form (validation from the shared schema,
 * saving to the profile and the Cognito attributes, failure toast), the back button, and the Danger
 * Zone (cancel, failure, deletion, then the old password no longer signs in).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { toast, type E2e } from '../../support/e2e.ts';
import { addReminder, api, cognitoAttributes, createUser, type TestUser } from '../../support/stack.ts';

async function openSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.waitForURL(/\/settings$/);
  await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
}

export function settingsJourney({ stack, signedInPage }: E2e): void {
  describe('settings', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await createUser(stack, { label: 'settings' });
    });

    it('validates, saves the profile and its Cognito attributes, and goes back', async () => {
      const page = await signedInPage(user, 390);
      await openSettings(page);
      expect(await page.title()).toBe('Settings | Renewal Reminders');
      await page.getByText('Update your personal information and preferences').waitFor();

      const first = page.getByLabel('First Name');
      await expect.poll(() => first.inputValue()).toBe('Test');
      expect(await page.getByLabel('Country').inputValue()).toBe('GB');
      expect(await page.getByLabel('Timezone').inputValue()).toBe('Europe/London');
      const countryOptions = await page.getByLabel('Country').locator('option').count();
      expect(countryOptions).toBe(10);
      expect(await page.getByLabel('Timezone').locator('option').count()).toBe(10);

      // Invalid fields: the shared schema's messages.
      await first.fill('');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('First name is required').waitFor();
      await first.fill('x'.repeat(81));
      await page.getByLabel('Last Name').fill('y'.repeat(81));
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('First name must be 80 characters or less').waitFor();
      await page.getByText('Last name must be 80 characters or less').waitFor();
      expect(await first.getAttribute('aria-invalid')).toBe('true');

      // Save.
      await first.fill('Priya');
      await page.getByLabel('Last Name').fill('Shah');
      await page.getByLabel('Country').selectOption('FR');
      await page.getByLabel('Timezone').selectOption('Europe/Paris');
      await page.getByLabel('I consent to receiving marketing communications').check();
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await toast(page, 'Settings updated successfully').waitFor();

      // Saved to the profile (the avatar initial follows) and to Cognito.
      await expect.poll(() => page.getByRole('button', { name: /account menu/i }).innerText()).toBe('P');
      const me = await api(stack, user.accessToken)('GET', '/api/me');
      expect(me.json?.profile).toMatchObject({
        first_name: 'Priya',
        last_name: 'Shah',
        country: 'FR',
        timezone: 'Europe/Paris',
        marketing_consent: true,
      });
      expect(await cognitoAttributes(stack, user.email)).toMatchObject({
        given_name: 'Priya',
        family_name: 'Shah',
        'custom:country': 'FR',
      });

      // A reload shows what was saved.
      await page.reload();
      await expect.poll(() => page.getByLabel('First Name').inputValue()).toBe('Priya');
      expect(await page.getByLabel('Timezone').inputValue()).toBe('Europe/Paris');
      expect(await page.getByLabel('I consent to receiving marketing communications').isChecked()).toBe(true);

      // The back button goes back in history.
      await page.goto(`${stack.appUrl}/dashboard`);
      await openSettings(page);
      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await page.waitForURL(/\/dashboard$/);
      await page.context().close();
    });

    it('shows the failure toasts when saving or deleting fails', async () => {
      const page = await signedInPage(user, 1280);
      await openSettings(page);
      // The profile the last test saved, read again over this browser's kept copy of it.
      await expect.poll(() => page.getByLabel('First Name').inputValue()).toBe('Priya');
      await page.route('**/api/me', (route) =>
        route.request().method() === 'GET'
          ? route.fallback()
          : route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
      );
      const failedSave = page.waitForResponse((r) => r.request().method() === 'PUT' && r.status() === 500);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await failedSave;
      await toast(page, 'Failed to update settings').waitFor();

      await page.getByRole('button', { name: 'Delete Account' }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByRole('button', { name: 'Delete Account' }).click();
      await toast(page, 'Failed to delete account. Please contact support.').waitFor();
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/settings');
      await page.context().close();
    });

    it('deletes the account after confirmation; the old password no longer signs in', async () => {
      const doomed = await createUser(stack, { label: 'doomed' });
      await addReminder(stack, doomed, {
        title: 'Car insurance',
        category: 'insurance',
        provider: 'Aviva',
        renewal_date: '2030-01-01',
      });
      const page = await signedInPage(doomed, 390);
      await openSettings(page);
      await page.getByText('Permanently delete your account and all associated data').waitFor();

      // Cancel keeps everything.
      await page.getByRole('button', { name: 'Delete Account' }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog
        .getByText(
          'Are you sure you want to delete your account? This action is permanent and cannot be undone. All your reminders and data will be permanently removed.',
        )
        .waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect((await api(stack, doomed.accessToken)('GET', '/api/me')).status).toBe(200);

      // Confirm.
      await page.getByRole('button', { name: 'Delete Account' }).click();
      await dialog.getByRole('button', { name: 'Delete Account' }).click();
      await toast(page, 'Account Deleted').waitFor();
      await toast(page, 'Your account has been permanently deleted').waitFor();
      await page.waitForURL(/\/auth$/);
      const stored = await page.evaluate<string[]>(
        "Object.keys(localStorage).filter((k) => k.startsWith('CognitoIdentityServiceProvider'))",
      );
      expect(stored).toEqual([]);

      // The old password no longer works.
      await page.getByLabel('Email').fill(doomed.email);
      await page.getByLabel('Password').fill(doomed.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await toast(page, 'Login Error').waitFor();
      await page.locator('.form-error').waitFor();
      expect(new URL(page.url()).pathname).toBe('/auth');

      // And a guarded page sends the visitor to /auth.
      await page.goto(`${stack.appUrl}/settings`);
      await page.waitForURL(/\/auth\?redirect=%2Fsettings$/);
      await page.context().close();
    });
  });
}

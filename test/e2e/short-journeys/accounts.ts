/**
 * Accounts people can recover, in Chromium at 390 px and 1280 px: plain sign-in errors (a wrong
 * password and an unknown address read the same), a forgotten password reset with the code from the
 * local mailbox, a password change in Settings, a fresh confirmation e-mail for an unconfirmed
 * address, and the answer to too many reset requests (the local Cognito limits them as AWS does).
 * Each journey runs once, two at each width, and checks each of its screens with axe at both widths
 * (the page resized in place).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ForgotPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ACCOUNT_MESSAGES } from '#shared/messages.ts';
import { FORGOT_PASSWORD_LIMIT } from '../../../lib/local/cognito.ts';
import { expectAccessibleAtWidths, toast, type E2e } from '../../support/e2e.ts';
import { confirmationLink, createUser, mailsTo, signUp, uniqueEmail } from '../../support/stack.ts';

async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function expectIncorrect(page: Page): Promise<void> {
  await page.locator('.form-error', { hasText: ACCOUNT_MESSAGES.incorrectCredentials }).waitFor();
  await toast(page, ACCOUNT_MESSAGES.loginErrorTitle)
    .filter({ hasText: ACCOUNT_MESSAGES.incorrectCredentials })
    .first()
    .waitFor();
  expect(new URL(page.url()).pathname).toBe('/auth');
}

export function accountsJourney({ stack, url, newPage, signIn, signedInPage }: E2e): void {
  /** The six-digit code in the newest reset mail to `email`. */
  async function mailedResetCode(email: string): Promise<string> {
    await expect
      .poll(async () => (await mailsTo(stack, email)).at(-1)?.subject)
      .toBe('Your Renewal Reminders password reset code');
    const html = (await mailsTo(stack, email)).at(-1)!.body.html ?? '';
    return />\s*(\d{6})\s*</.exec(html)![1]!;
  }

  describe('accounts', () => {
    it('says "Incorrect email or password." for a wrong password and an unknown address, then resets a forgotten password', async () => {
      const user = await createUser(stack, { label: 'forgot' });
      const page = await newPage(390);
      await page.goto(url('/auth'));

      await submitSignIn(page, user.email, 'not-my-password');
      await expectIncorrect(page);
      await submitSignIn(page, uniqueEmail('nobody'), 'not-my-password');
      await expectIncorrect(page);
      await expectAccessibleAtWidths(page, 'sign-in error');

      // An unknown address gets the same next step as a known one, and no mail.
      const stranger = uniqueEmail('stranger');
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      expect(await page.getByLabel('Email').inputValue()).not.toBe('');
      await page.getByLabel('Email').fill(stranger);
      await page.getByRole('button', { name: 'Send reset code' }).click();
      await page.getByText(ACCOUNT_MESSAGES.resetCodeSent).waitFor();
      await page.getByLabel('Code').waitFor();
      expect(await mailsTo(stack, stranger)).toEqual([]);
      await page.getByRole('button', { name: 'Back to sign in' }).click();
      // Step one also offers to go straight to a code already mailed.
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByLabel('Email').fill(stranger);
      await page.getByRole('button', { name: ACCOUNT_MESSAGES.haveCode }).click();
      await page.getByLabel('Code').waitFor();
      await page.getByRole('button', { name: 'Back to sign in' }).click();

      // The real reset: the code comes from the mailbox.
      await page.getByLabel('Email').fill(user.email);
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      expect(await page.getByLabel('Email').inputValue()).toBe(user.email);
      await expectAccessibleAtWidths(page, 'forgot password');
      await page.getByRole('button', { name: 'Send reset code' }).click();
      await page.getByLabel('Code').waitFor();
      const code = await mailedResetCode(user.email);
      // The mail's button opens the code step with the address filled in, wherever it is opened.
      const html = (await mailsTo(stack, user.email)).at(-1)!.body.html ?? '';
      const button = /href="([^"]*\/auth\?[^"]*reset=code[^"]*)"/.exec(html)![1]!.replaceAll('&amp;', '&');
      await page.goto(button);
      await page.getByText(ACCOUNT_MESSAGES.resetCodeSent).waitFor();

      await page.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
      await page.getByLabel('New password').fill('Renewed-456');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByText(ACCOUNT_MESSAGES.wrongCode).waitFor();
      expect(await page.getByLabel('Code').getAttribute('aria-invalid')).toBe('true');
      await expectAccessibleAtWidths(page, 'reset code form');

      await page.getByLabel('Code').fill(code);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await toast(page, ACCOUNT_MESSAGES.passwordUpdated).waitFor();
      // Back on the sign-in tab, the address filled in.
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      expect(await page.getByLabel('Email').inputValue()).toBe(user.email);
      await submitSignIn(page, user.email, user.password);
      await expectIncorrect(page);
      await signIn(page, { email: user.email, password: 'Renewed-456' }, { goto: false });
      await page.context().close();
    });

    it('changes the password in Settings: a wrong current password is refused on its field, the new one signs in', async () => {
      const user = await createUser(stack, { label: 'change' });
      const page = await signedInPage(user, 1280, '/settings');
      await page.getByRole('heading', { name: 'Change Password' }).waitFor();
      const current = page.getByLabel('Current password');
      await current.fill('not-my-password');
      await page.getByLabel('New password').fill('Changed-789');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await page.getByText(ACCOUNT_MESSAGES.wrongCurrentPassword).waitFor();
      expect(await current.getAttribute('aria-invalid')).toBe('true');
      await expectAccessibleAtWidths(page, 'change password error');

      await current.fill(user.password);
      await page.getByRole('button', { name: 'Update Password' }).click();
      await toast(page, ACCOUNT_MESSAGES.passwordUpdated).waitFor();
      await expect.poll(() => current.inputValue()).toBe('');
      await page.context().close();

      const fresh = await newPage(1280);
      await fresh.goto(url('/auth'));
      await submitSignIn(fresh, user.email, user.password);
      await expectIncorrect(fresh);
      await signIn(fresh, { email: user.email, password: 'Changed-789' }, { goto: false });
      await fresh.context().close();
    });

    it('says "Too many attempts…" to one reset request too many for the address, and shows no code form', async () => {
      const user = await createUser(stack, { label: 'limited' });
      for (let i = 0; i < FORGOT_PASSWORD_LIMIT; i++) {
        await stack.cognito.send(
          new ForgotPasswordCommand({ ClientId: stack.clientId, Username: user.email }),
        );
      }
      const page = await newPage(390);
      await page.goto(url('/auth'));
      await page.getByLabel('Email').fill(user.email);
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByRole('button', { name: 'Send reset code' }).click();
      await page.locator('.form-error', { hasText: ACCOUNT_MESSAGES.tooManyAttempts }).waitFor();
      await toast(page, ACCOUNT_MESSAGES.tooManyAttempts).waitFor();
      expect(await page.getByLabel('Code').count()).toBe(0);
      await expectAccessibleAtWidths(page, 'too many reset requests');
      await page.context().close();
    });

    it('offers a fresh confirmation e-mail to an unconfirmed address; its link confirms the account, then the password signs in', async () => {
      const email = uniqueEmail('unconfirmed');
      await signUp(stack, email, 'Secret-123', 'Una');
      const page = await newPage(1280);
      await page.goto(url('/auth'));
      await submitSignIn(page, email, 'Secret-123');
      await page.locator('.form-error', { hasText: ACCOUNT_MESSAGES.emailNotConfirmed }).waitFor();
      await expectAccessibleAtWidths(page, 'unconfirmed sign-in');

      await page.getByRole('button', { name: ACCOUNT_MESSAGES.resendConfirmation }).click();
      await toast(page, ACCOUNT_MESSAGES.confirmationSent).waitFor();
      await expect.poll(async () => (await mailsTo(stack, email)).length).toBe(2);
      const link = await confirmationLink(stack, email);
      await page.goto(link.toString());
      // This browser did not sign the address up (the sign-up was direct), so the link confirms only
      // (decision 0028) and the password signs in.
      await toast(page, 'Email confirmed').waitFor();
      await page.waitForURL(/\/auth\?tab=signin/);
      await submitSignIn(page, email, 'Secret-123');
      await page.waitForURL(/\/dashboard$/);
      await page.context().close();
    });
  });
}

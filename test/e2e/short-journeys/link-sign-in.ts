/**
 * The confirmation link signs in the browser that signed up and no other (decisions 0023, 0028), in
 * Chromium at 390 px (the dashboard it lands on checked with axe at 390 and 1280 px, resized in
 * place). Opened in another browser it confirms and asks for the password, so someone who signed up
 * with another person's address is not handed that person's session. Opened again: nobody signs in.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessibleAtWidths, toast, type E2e } from '../../support/e2e.ts';
import { confirmationLink, uniqueEmail } from '../../support/stack.ts';

export function linkSignInJourney({ stack, url, newPage }: E2e): void {
  async function signUpThroughForm(page: Page, email: string, password: string): Promise<void> {
    await page.goto(url('/auth'));
    await page.getByRole('tab', { name: /sign up/i }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel(/^First Name/).fill('Lina');
    await page.getByLabel(/^Country/).selectOption('GB');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, 'Account created successfully!').waitFor();
  }

  /** Whether the page's browser has a session: a guarded page stays, or sends it to /auth. */
  async function expectSignedOut(page: Page): Promise<void> {
    await page.goto(url('/dashboard'));
    await page.waitForURL(/\/auth\?redirect=/);
  }

  describe('the confirmation link', () => {
    it('signs in only the browser that signed up, once; anywhere else it confirms and asks for the password', async () => {
      const width = 390;
      const password = 'Linked-123';

      // Someone signs up with an address that is not theirs (decision 0028): the owner's click in
      // their own browser confirms the address and signs nobody in.
      const victim = uniqueEmail('victim');
      const attackerPage = await newPage(width);
      await signUpThroughForm(attackerPage, victim, 'Attacker-123');
      const victimPage = await newPage(width);
      await victimPage.goto((await confirmationLink(stack, victim)).toString());
      await toast(victimPage, 'Email confirmed').filter({ hasText: 'Please sign in.' }).waitFor();
      await victimPage.waitForURL(/\/auth\?tab=signin/);
      expect(await victimPage.getByLabel('Email').inputValue()).toBe(victim);
      await expectSignedOut(victimPage);
      await expectSignedOut(attackerPage);
      await victimPage.context().close();
      await attackerPage.context().close();

      // The browser that signed up: the mail app opens the link in a new tab of it.
      const email = uniqueEmail('link');
      const signUpPage = await newPage(width);
      await signUpThroughForm(signUpPage, email, password);
      const link = await confirmationLink(stack, email);
      const mailPage = await signUpPage.context().newPage();
      await mailPage.goto(link.toString());
      await toast(mailPage, 'Welcome!').filter({ hasText: "You've been successfully signed in." }).waitFor();
      await mailPage.waitForURL(/\/dashboard$/);
      await mailPage.getByText('No reminders yet. Add your first reminder to start saving money!').waitFor();
      await expectAccessibleAtWidths(mailPage, 'dashboard after the confirmation link');
      // Signed in for good: a reload keeps the session.
      await mailPage.reload();
      await mailPage.getByText('No reminders yet. Add your first reminder to start saving money!').waitFor();
      expect(new URL(mailPage.url()).pathname).toBe('/dashboard');

      // The same link again, in another browser: confirmed already, and no sign-in.
      const again = await newPage(width);
      await again.goto(link.toString());
      await toast(again, 'Email confirmed').waitFor();
      await again.waitForURL(/\/auth\?tab=signin/);
      await expectSignedOut(again);
      await again.context().close();

      // The first browser's session is its own: still signed in.
      await mailPage.goto(url('/dashboard'));
      await mailPage.getByText('No reminders yet. Add your first reminder to start saving money!').waitFor();
      await signUpPage.context().close();
    });
  });
}

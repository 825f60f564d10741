/**
 * The confirmation link signs in (decision 0023), in Chromium at 390 px (the dashboard it lands on
 * checked with axe at 390 and 1280 px, resized in place): sign up in one
 * browser, open the mailed link in a fresh one (no Amplify state, no storage): 'Welcome!' and the
 * dashboard. The same link opened again, anywhere: the address is confirmed, nobody is signed in.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessibleAtWidths, toast, useE2e } from '../support/e2e.ts';
import { confirmationLink, uniqueEmail } from '../support/stack.ts';

const { stack, url, newPage } = useE2e();

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
  it('signs in the fresh browser that opens it, once', async () => {
    const width = 390;
    const email = uniqueEmail('link');
    const password = 'Linked-123';
    const signUpPage = await newPage(width);
    await signUpThroughForm(signUpPage, email, password);
    const link = await confirmationLink(stack, email);

    // Another browser: nothing of the sign-up's (no Amplify auto sign-in, no storage).
    const mailPage = await newPage(width);
    await mailPage.goto(link.toString());
    await toast(mailPage, 'Welcome!').filter({ hasText: "You've been successfully signed in." }).waitFor();
    await mailPage.waitForURL(/\/dashboard$/);
    await mailPage.getByText('No reminders yet. Add your first reminder to start saving money!').waitFor();
    await expectAccessibleAtWidths(mailPage, 'dashboard after the confirmation link');
    // Signed in for good: a reload keeps the session.
    await mailPage.reload();
    await mailPage.getByText('No reminders yet. Add your first reminder to start saving money!').waitFor();
    expect(new URL(mailPage.url()).pathname).toBe('/dashboard');

    // The browser that signed up was not signed in by someone else's click.
    await expectSignedOut(signUpPage);
    await signUpPage.context().close();

    // The same link again, in a third browser: confirmed already, and no sign-in.
    const again = await newPage(width);
    await again.goto(link.toString());
    await toast(again, 'Email confirmed').waitFor();
    await again.waitForURL(/\/auth\?tab=signin/);
    expect(await again.getByLabel('Email').inputValue()).toBe(email);
    await expectSignedOut(again);
    await again.context().close();

    // The first browser's session is its own: still signed in.
    await mailPage.goto(url('/dashboard'));
    await mailPage.getByText('No reminders yet. Add your first reminder to start saving money!').waitFor();
    await mailPage.context().close();
  });
});

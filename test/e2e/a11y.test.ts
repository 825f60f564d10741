/**
 * Accessibility in Chromium at 390 px and 1280 px: axe-core finds no serious or critical violation on
 * any page or open dialog, nothing scrolls sideways (down to 360 px), and the main journeys work from
 * the keyboard. Also the auth screen's error paths and the full-page error screen. Each screen is
 * reached once and checked at every width in turn, the page resized in place.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  answerAgainIfAnswered,
  expectAccessible,
  expectAccessibleAtWidths,
  expectFitsWidth,
  expectNoHorizontalOverflow,
  seriousViolations,
  toast,
  useE2e,
  WIDTHS,
} from '../support/e2e.ts';
import { addReminder, api, createUser, type TestUser } from '../support/stack.ts';

const { stack, newPage, signIn, signedInPage } = useE2e();
let user: TestUser;
let admin: TestUser;
let reminderId: string;

beforeAll(async () => {
  [user, admin] = await Promise.all([
    createUser(stack, { label: 'a11y' }),
    createUser(stack, { admin: true, label: 'a11yadmin' }),
  ]);
  const today = new Date();
  const iso = (days: number) => new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
  reminderId = await addReminder(stack, user, {
    title: 'Mortgage fix ends',
    category: 'mortgage',
    provider: 'Nationwide',
    renewal_date: iso(45),
    amount: 1250.5,
    notes: 'Speak to a broker',
  });
  await addReminder(stack, user, {
    title: 'Netflix',
    category: 'subscriptions',
    provider: 'Netflix',
    renewal_date: iso(-2),
  });
  await addReminder(stack, user, {
    title: 'Energy fix',
    category: 'utilities_energy',
    provider: 'Octopus',
    renewal_date: iso(5),
  });
  await api(stack, user.accessToken)('POST', `/api/reminders/${reminderId}/savings`, {
    outcome: 'saved',
    saved_amount: '300',
  });
});

const PUBLIC_PATHS = [
  '/',
  '/car-insurance',
  '/broadband-mobile',
  '/energy',
  '/subscriptions',
  '/mortgages',
  '/privacy',
  '/terms',
  '/docs',
  '/this-page-does-not-exist',
];

/** No sideways scrolling on a 360 px screen either. */
const fits360 = (page: Page, label: string) => expectFitsWidth(page, 360, label);

/** axe and no sideways scrolling at 390 and 1280 px; with `narrow`, no sideways scrolling at 360 px either. */
async function check(page: Page, label: string, options: { narrow?: boolean } = {}) {
  await expectAccessibleAtWidths(page, label, { overflow: true });
  if (options.narrow) await fits360(page, label);
}

describe('axe at 390 and 1280 px, layout down to 360 px', () => {
  it.each([
    ['the landing and category pages', PUBLIC_PATHS.slice(0, 6)],
    ['the legal pages, the docs and the 404', PUBLIC_PATHS.slice(6)],
  ])('public pages: %s', async (_, paths) => {
    const page = await newPage(390);
    for (const path of paths) {
      await page.goto(`${stack.appUrl}${path}`);
      await page.locator('h1').first().waitFor();
      if (path === '/') await page.getByText(/places left/).waitFor();
      await check(page, path, { narrow: true });
    }
    await page.context().close();
  });

  it('the open Categories menu', async () => {
    const page = await newPage(390);
    // The menu at each width as it opens there: a full-width list on a phone, a dropdown on a laptop.
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${stack.appUrl}/`);
      await page.getByRole('button', { name: 'Categories' }).click();
      await expectAccessible(page, `categories menu open at ${width}`);
      await expectNoHorizontalOverflow(page, `categories menu open at ${width}`);
    }
    await page.context().close();
  });

  it('the auth screen, both tabs, with errors', async () => {
    const page = await newPage(390);
    await page.goto(`${stack.appUrl}/auth`);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid email address').waitFor();
    await page.getByText('Password is required').waitFor();
    await check(page, 'auth sign-in errors');

    // A wrong password: the server's message inline and the toast.
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await toast(page, 'Login Error').waitFor();
    const inline = page.locator('.form-error');
    await inline.waitFor();
    expect(await inline.innerText()).not.toBe('');
    await check(page, 'auth wrong password');

    // Switching tabs clears the error; sign-up validation.
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    expect(await inline.count()).toBe(0);
    await page.getByLabel('Password').fill('123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Password must be at least 6 characters').waitFor();
    await page.getByText('First name is required').waitFor();
    expect(await page.getByLabel(/^Country/).inputValue()).toBe('GB');
    await check(page, 'auth sign-up errors');

    // Callback without a code.
    await page.goto(`${stack.appUrl}/auth/callback`);
    await toast(page, 'No authorization code found').waitFor();
    await page.waitForURL(/\/auth$/);
    await page.context().close();
  });

  it('dashboard, dialogs, settings, savings and admin', async () => {
    const page = await signedInPage(user, 390);
    await page.getByText("You've reported saving £300.00!").waitFor();
    await page.getByText('Mortgage fix ends').first().waitFor();
    await check(page, 'dashboard');

    await page.getByRole('button', { name: 'Add Reminder', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create Reminder' }).click();
    await dialog.getByText('Title is required').waitFor();
    await check(page, 'reminder dialog with errors');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Delete Netflix' }).click();
    await page.getByRole('alertdialog').waitFor();
    await check(page, 'delete reminder dialog');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menu').waitFor();
    await check(page, 'account menu');
    await page.keyboard.press('Escape');

    await page.goto(`${stack.appUrl}/settings`);
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    await page.getByLabel('First Name').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('First name is required').waitFor();
    await check(page, 'settings');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page.getByRole('alertdialog').waitFor();
    await check(page, 'delete account dialog');
    await page.keyboard.press('Escape');

    await page.goto(`${stack.appUrl}/savings/${reminderId}`);
    await page.getByRole('heading', { name: 'How did you do?' }).waitFor();
    // Answered by an earlier step, the page shows the answer first, with 'Change your answer'.
    await answerAgainIfAnswered(page);
    await page.getByLabel('I haggled a better price').check();
    await page.getByLabel('Amount saved (£)').fill('-1');
    await page.getByRole('button', { name: 'Record Savings' }).click();
    await page.getByText('Amount cannot be negative').waitFor();
    await check(page, 'savings');
    await page.context().close();
  });

  it("the admin's pages and menus", async () => {
    // The admin's pages, with the admin menus: also down to 360 px.
    const adminPage = await signedInPage(admin, 390);
    await adminPage.getByRole('heading', { name: 'Your Reminders' }).waitFor();
    await check(adminPage, 'admin dashboard header', { narrow: true });
    await adminPage.goto(`${stack.appUrl}/settings`);
    await adminPage.locator('h1').first().waitFor();
    await fits360(adminPage, 'settings (admin)');
    await adminPage.goto(`${stack.appUrl}/`);
    await adminPage.getByRole('button', { name: 'Admin' }).waitFor();
    await fits360(adminPage, 'landing (admin)');
    await adminPage.getByRole('button', { name: 'Admin' }).click();
    await check(adminPage, 'landing with admin menu');
    await adminPage.context().close();
  });
});

describe('keyboard and error screen', () => {
  it('runs the savings journey and the menus by keyboard alone, with visible focus', async () => {
    const page = await newPage(1280);
    await page.goto(`${stack.appUrl}/`);
    await page.locator('h1').waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate<string | undefined>('document.activeElement?.textContent')).toBe(
      'Skip to main content',
    );
    const outline = await page.evaluate<string>('getComputedStyle(document.activeElement).outlineStyle');
    expect(outline).not.toBe('none');
    // Shown once focused: inside the viewport, over the header.
    const skip = await page.getByRole('link', { name: 'Skip to main content' }).boundingBox();
    expect(skip!.y).toBeGreaterThanOrEqual(0);
    expect(skip!.height).toBeGreaterThan(0);

    await signIn(page, user);
    // Account menu: Enter opens it on the first item, ArrowDown moves, Enter selects.
    await page.getByRole('button', { name: /account menu/i }).focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate<string | undefined>('document.activeElement?.textContent')).toBe('Settings');
    await page.keyboard.press('Escape');
    expect(await page.evaluate<string | null>("document.activeElement?.getAttribute('aria-label')")).toBe(
      'Account menu',
    );

    await page.goto(`${stack.appUrl}/savings/${reminderId}`);
    // Answered by an earlier step, the page shows the answer first, with 'Change your answer'.
    await answerAgainIfAnswered(page);
    await page.getByLabel('I haggled a better price').check();
    const amount = page.getByLabel('Amount saved (£)');
    await amount.focus();
    await page.keyboard.type('20');
    await page.keyboard.press('Enter');
    await toast(page, 'Great job saving £20.00!').waitFor();
    await page.waitForURL(/\/dashboard$/, { timeout: 5000 });

    // Settings' delete dialog traps focus and Escape closes it.
    await page.goto(`${stack.appUrl}/settings`);
    await page.getByRole('button', { name: 'Delete Account' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.locator(':focus').count()).toBe(1);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('shows the full-page error with Refresh Page', async () => {
    const page = await newPage(390);
    await page.route('**/config.json', (route) => route.fulfill({ status: 500, body: 'down' }));
    await page.goto(`${stack.appUrl}/auth`);
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await page.getByText('The app encountered an error. Please try refreshing the page.').waitFor();
    await check(page, 'error screen');
    await page.evaluate("localStorage.setItem('CognitoIdentityServiceProvider.x.LastAuthUser', 'x')");
    await page.unroute('**/config.json');
    await page.getByRole('button', { name: 'Refresh Page' }).click();
    await page.getByRole('tab', { name: 'Sign In' }).waitFor();
    expect(await page.evaluate<number>('localStorage.length')).toBe(0);
    await page.context().close();
  });
});

describe('the axe check itself', () => {
  it('still reports serious and critical violations (the checks are not silently off)', async () => {
    const page = await newPage(390);
    await page.setContent(
      '<html lang="en"><body><main><h1>Control</h1><img src="/missing.png">' +
        '<p style="color:#777;background:#888">Low contrast</p></main></body></html>',
    );
    expect(await seriousViolations(page)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^image-alt /),
        expect.stringMatching(/^color-contrast /),
      ]),
    );
    await page.context().close();
  });
});

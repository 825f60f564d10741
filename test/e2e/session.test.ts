/** Session upkeep (spec section 9): a check every 30 s refreshes the tokens when 90 s or less remain. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { buildWeb, launchChromium } from '../support/browser.ts';
import { createUser, startTestStack, type TestStack, type TestUser } from '../support/stack.ts';
import { signInUi } from './helpers.ts';

let stack: TestStack;
let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  stack = await startTestStack({ webDir: buildWeb() });
  browser = await launchChromium();
  user = await createUser(stack, { label: 'session' });
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('session refresh', () => {
  it('refreshes the access token ahead of expiry, and keeps the user signed in', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.clock.install();
    await signInUi(page, stack, user);
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
    await context.close();
  });
});

/** Shared helpers for the browser tests: one stack and one Chromium per file, a new context per test. */
import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import type { TestStack, TestUser } from '../support/stack.ts';

export const WIDTHS = [390, 1280] as const;

export async function newPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

export const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text });

/** Signs in through the /auth form (the spec's login sequence) and waits for `waitFor` (default /dashboard). */
export async function signInUi(
  page: Page,
  stack: TestStack,
  user: Pick<TestUser, 'email' | 'password'>,
  opts: { goto?: boolean; waitFor?: RegExp } = {},
): Promise<void> {
  if (opts.goto !== false) await page.goto(`${stack.appUrl}/auth`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(opts.waitFor ?? /\/dashboard$/);
}

/** axe-core: no serious or critical violation on what the page shows now. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // Toasts fade in (opacity transition): wait until every one is fully shown, so axe measures the
  // colours people see rather than a frame of the animation. (A string: no DOM types here.)
  await page.waitForFunction(
    `[...document.querySelectorAll('[data-sonner-toast]')].every((t) => getComputedStyle(t).opacity === '1')`,
    undefined,
    { timeout: 5_000 },
  );
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `${label}: axe violations`).toEqual([]);
}

/** No horizontal scrolling: nothing overflows the viewport. */
export async function expectNoHorizontalOverflow(page: Page, label: string): Promise<void> {
  // A string expression: the root tsconfig (Node) has no DOM types.
  const overflow = await page.evaluate<number>(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  );
  expect(overflow, `${label}: horizontal overflow`).toBeLessThanOrEqual(0);
}

/**
 * The app on a phone (390 × 844), in Chromium: the app shell's first tab stop is 'Skip to main
 * content', off screen until focused, then shown, and it leads past the header into the page; a
 * toast shows over the header, never over a dialog's buttons (a failed save's toast leaves 'Create
 * Reminder' free to press again) nor the page's lower half.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { toast, type E2e } from '../../support/e2e.ts';
import { createUser, type TestUser } from '../../support/stack.ts';

const PHONE = { width: 390, height: 844 } as const;

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not shown');
  return box;
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The toast with `text`, once it has come to rest (no animation: the context reduces motion). */
async function shownToast(page: Page, text: string): Promise<Box> {
  const shown = toast(page, text);
  await shown.waitFor();
  await expect.poll(() => shown.getAttribute('data-mounted')).toBe('true');
  return boxOf(shown);
}

export function phoneJourney({ stack, signedInPage }: E2e): void {
  describe('on a phone', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await createUser(stack, { label: 'phone' });
    });

    const openDashboard = async () => {
      const page = await signedInPage(user, PHONE.width, '/dashboard', { reducedMotion: 'reduce' });
      await page.setViewportSize(PHONE);
      await page.getByRole('heading', { name: 'Your Reminders' }).waitFor();
      return page;
    };

    it("starts at 'Skip to main content', shown once focused, which leads past the header", async () => {
      const page = await openDashboard();
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      expect((await boxOf(skip)).y + (await boxOf(skip)).height).toBeLessThanOrEqual(0);
      await page.keyboard.press('Tab');
      expect(await page.evaluate<string | undefined>('document.activeElement?.textContent')).toBe(
        'Skip to main content',
      );
      const shown = await boxOf(skip);
      expect(shown.y).toBeGreaterThanOrEqual(0);
      expect(shown.x + shown.width).toBeLessThanOrEqual(PHONE.width);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      expect(await page.evaluate<boolean>("document.activeElement?.closest('main') !== null")).toBe(true);
      await page.context().close();
    });

    it("keeps toasts off a dialog's buttons and off the page's lower half", async () => {
      const page = await openDashboard();
      // The first save fails, the second goes through.
      let refused = false;
      await page.route('**/api/reminders', async (route) => {
        if (route.request().method() !== 'POST' || refused) return route.fallback();
        refused = true;
        await route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Down"}' });
      });
      await page.getByRole('button', { name: 'Add Reminder', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add New Reminder' });
      await dialog.getByLabel('Title *').fill('Netflix');
      await dialog.getByLabel('Provider *').fill('Netflix');
      await dialog.getByLabel(/^(Deal ends|Renews on|Next payment) \*$/).fill('2031-05-01');
      const create = dialog.getByRole('button', { name: 'Create Reminder' });
      await create.click();

      const failed = await shownToast(page, 'Failed to create reminder');
      for (const button of [create, dialog.getByRole('button', { name: 'Cancel' })])
        expect(overlap(failed, await boxOf(button)), 'the toast covers a dialog button').toBe(false);
      expect(failed.y + failed.height).toBeLessThan(PHONE.height / 2);
      // Over the header bar, it leaves the account menu free to tap.
      // (Behind the open dialog, out of the accessibility tree: found by its label.)
      const menu = await boxOf(page.locator('[aria-label="Account menu"]'));
      expect(overlap(failed, menu), 'the toast covers the account menu').toBe(false);

      // Pressed again at once, the button is there to press.
      await create.click();
      const saved = await shownToast(page, 'Reminder created successfully');
      await dialog.waitFor({ state: 'detached' });
      expect(
        overlap(saved, await boxOf(page.getByRole('button', { name: 'Add Reminder', exact: true }))),
      ).toBe(false);
      expect(saved.y + saved.height).toBeLessThan(PHONE.height / 2);
      await page.context().close();
    });
  });
}

/**
 * UK action windows in Chromium, signed in once, at 390 px and 1280 px: a car insurance reminder's
 * page with 'Your action window' (the best day for quotes, the renewal, the source's link), and a
 * mortgage added through the dialog with its lender, whose lock-in day the page then shows. Each
 * screen is checked with axe and for sideways scrolling at both widths (SCREENSHOT_DIR keeps PNGs).
 */
import { describe, expect, it } from 'vitest';
import type { Reminder } from '../../../shared/api.ts';
import { expectAccessibleAtWidths, screenshots, toast, type E2e } from '../../support/e2e.ts';
import { api, userWithCarInsurance } from '../../support/stack.ts';

export function actionWindowsJourney({ stack, signedInPage }: E2e): void {
  describe('action windows', () => {
    it('shows a car insurance timeline, and a mortgage added with its lender', async () => {
      const { user, reminderId: car } = await userWithCarInsurance(stack, 'windows');
      const page = await signedInPage(user, 390, `/reminders/${car}`);
      const timeline = page.getByRole('region', { name: 'Your action window' });
      await timeline.waitFor();
      const steps = timeline.getByRole('listitem');
      expect(await steps.allInnerTexts()).toEqual([
        expect.stringMatching(
          /^06\/03\/2099\s+Best time to get quotes\s+Good days: 04\/03\/2099 to 14\/03\/2099\s+Quotes from 18 to 28 days[\s\S]*Source: MoneySavingExpert/,
        ),
        expect.stringMatching(/^01\/04\/2099\s+Renewal date$/),
      ]);
      const source = timeline.getByRole('link', { name: /MoneySavingExpert/ });
      expect(await source.getAttribute('href')).toMatch(/^https:\/\/www\.moneysavingexpert\.com\//);
      expect(await source.getAttribute('target')).toBe('_blank');
      await expectAccessibleAtWidths(page, 'the car insurance timeline', { overflow: true });
      await screenshots(page, 'timeline-insurance');

      // A mortgage through the dialog: its lender from the list; the checkbox is on by default.
      await page.goto(stack.appUrl + '/dashboard');
      await page.getByRole('button', { name: 'Add Reminder' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add New Reminder' });
      await dialog.getByLabel(/^Title/).fill('Home loan');
      await dialog.getByLabel(/^Provider/).fill('Barclays');
      await dialog.getByLabel('Lender').selectOption({ label: 'Barclays' });
      await dialog.getByLabel(/^(Deal ends|Renews on|Next payment) \*$/).fill('2099-09-15');
      await dialog.getByRole('button', { name: 'More options' }).click();
      expect(await dialog.getByLabel('Also tell me the best day to act').isChecked()).toBe(true);
      await expectAccessibleAtWidths(page, 'the dialog with a lender');
      await screenshots(page, 'dialog-lender');
      await dialog.getByRole('button', { name: 'Create Reminder' }).click();
      await toast(page, 'Reminder created successfully').waitFor();

      const { json } = await api(stack, user.accessToken)('GET', '/api/reminders');
      const mortgage = (json as { reminders: Reminder[] }).reminders.find((r) => r.title === 'Home loan')!;
      expect(mortgage).toMatchObject({ category: 'mortgage', lender: 'barclays', action_windows: true });
      await page.getByRole('link', { name: 'Home loan' }).first().click();
      await page.waitForURL(new RegExp(`/reminders/${mortgage.id}$`));
      const its = page.getByRole('region', { name: 'Your action window' });
      await its.getByText('You can usually lock in a new deal from today').waitFor();
      expect(await its.getByRole('listitem').first().innerText()).toMatch(/^15\/06\/2099/);
      await expectAccessibleAtWidths(page, 'the mortgage timeline', { overflow: true });
      await screenshots(page, 'timeline-mortgage');
      await page.context().close();
    });
  });
}

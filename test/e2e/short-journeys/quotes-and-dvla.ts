/**
 * The quote notebook and the DVLA look-up in Chromium, at 390 px and 1280 px. Quotes added on the
 * reminder page (one removed again), the cheapest marked, then the outcome page suggesting it: 'Use
 * this quote' fills the new provider and price, and the saving is the renewal price minus it, per
 * year. Then, in the reminder dialog for Car Tax / MOT, a look-up the DVLA stand-in answers 429 (in
 * words), then one it answers in full, whose 'Add both' makes two reminders. Each screen is checked
 * with axe and for sideways scrolling at both widths (SCREENSHOT_DIR keeps PNGs).
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { MyData, Reminder } from '../../../shared/api.ts';
import { VEHICLE_MESSAGES } from '../../../shared/vehicles.ts';
import { DVLA_FIXTURES } from '../../../lib/local/dvla.ts';
import { expectAccessibleAtWidths, screenshots, toast, type E2e } from '../../support/e2e.ts';
import { api, userWithCarInsurance } from '../../support/stack.ts';

async function addQuote(
  page: Page,
  notebook: Locator,
  quote: { provider: string; price: string; notes?: string; renewalOffer?: boolean },
) {
  await notebook.getByLabel('Provider').fill(quote.provider);
  await notebook.getByLabel('Price (£)').fill(quote.price);
  await notebook.getByLabel('Date').fill('2099-03-05');
  await notebook.getByLabel('Notes (optional)').fill(quote.notes ?? '');
  if (quote.renewalOffer) await notebook.getByLabel(/^This is my renewal offer/).check();
  await notebook.getByRole('button', { name: 'Add a quote' }).click();
  await notebook.getByRole('listitem').filter({ hasText: quote.provider }).waitFor();
  await toast(page, 'Quote added').first().waitFor();
}

export function quotesAndDvlaJourney({ stack, signedInPage }: E2e): void {
  describe('quote notebook and DVLA look-up', () => {
    it('adds quotes, takes the cheapest on the outcome page, then adds MOT and tax dates from the DVLA', async () => {
      const { user, reminderId: car } = await userWithCarInsurance(stack, 'quotes', { repeats: 'yearly' });
      const page = await signedInPage(user, 1280, `/reminders/${car}`);
      const notebook = page.getByRole('region', { name: 'Quotes' });
      await notebook.getByText('No quotes yet.').waitFor();

      // A price with three decimals is refused beside its field.
      await notebook.getByLabel('Provider').fill('Direct Line');
      await notebook.getByLabel('Price (£)').fill('399.999');
      await notebook.getByRole('button', { name: 'Add a quote' }).click();
      await notebook.getByText('Price must have at most 2 decimal places').waitFor();

      await addQuote(page, notebook, { provider: 'Direct Line', price: '399.99', notes: 'Online price' });
      await addQuote(page, notebook, { provider: 'Aviva', price: '365.50' });
      await addQuote(page, notebook, { provider: 'LV', price: '420' });
      await notebook.getByRole('button', { name: 'Remove the quote from LV' }).click();
      await notebook.getByRole('listitem').filter({ hasText: 'LV' }).waitFor({ state: 'detached' });
      // The insurer's own renewal offer, marked so: savings are measured against it.
      await addQuote(page, notebook, { provider: 'Admiral', price: '520', renewalOffer: true });
      const items = await notebook.getByRole('listitem').allInnerTexts();
      expect(items).toEqual([
        expect.stringMatching(/^Direct Line\s+£399\.99\/yr\s+05\/03\/2099 · Online price\s+Remove$/),
        expect.stringMatching(/^Aviva\s+£365\.50\/yr\s+Cheapest\s+05\/03\/2099\s+Remove$/),
        expect.stringMatching(/^Admiral\s+£520\.00\/yr\s+Renewal offer\s+05\/03\/2099\s+Remove$/),
      ]);
      await expectAccessibleAtWidths(page, 'the quote notebook', { overflow: true });
      await screenshots(page, 'quotes-reminder');

      await page.goto(`${stack.appUrl}/savings/${car}`);
      const suggestion = page.getByRole('region', { name: 'Your cheapest quote' });
      expect(await suggestion.locator('p').innerText()).toBe(
        'Aviva at £365.50/yr, on 05/03/2099 · £154.50/yr less than your renewal offer',
      );
      await suggestion.getByRole('button', { name: 'Use this quote' }).click();
      expect(await page.getByLabel('I switched').isChecked()).toBe(true);
      expect(await page.getByLabel('New provider').inputValue()).toBe('Aviva');
      expect(await page.getByLabel(/^New price/).inputValue()).toBe('365.50');
      expect(await page.getByLabel(/^Amount saved/).inputValue()).toBe('154.50');
      await page
        .getByText(/Suggested from the price drop, against your renewal offer of £520\.00: £154\.50\./)
        .waitFor();
      await expectAccessibleAtWidths(page, 'the outcome page with a quote', { overflow: true });
      await screenshots(page, 'quotes-outcome');

      await page.getByRole('button', { name: 'Record Savings' }).click();
      await toast(page, 'Thank you!').waitFor();
      const data = (await api(stack, user.accessToken)('GET', '/api/me/data')).json as unknown as MyData;
      expect(data.outcomes).toMatchObject([{ result: 'switched', saved_amount: 154.5, new_price: 365.5 }]);
      expect(data.reminders).toMatchObject([
        { provider: 'Aviva', amount: 365.5, renewal_date: '2100-04-01' },
      ]);
      expect(data.quotes.map((q) => q.provider)).toEqual(['Direct Line', 'Aviva', 'Admiral']);

      // The DVLA look-up, in the same session, at 390 px first.
      await page.setViewportSize({ width: 390, height: 900 });
      await page.goto(`${stack.appUrl}/dashboard`);
      await page.getByRole('button', { name: 'Add Reminder' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add New Reminder' });
      await dialog.getByLabel(/^Category/).selectOption({ label: 'Car Tax / MOT' });
      const registration = dialog.getByLabel('Registration number');
      await registration.fill(DVLA_FIXTURES.throttled);
      await dialog.getByRole('button', { name: 'Look up MOT and tax dates' }).click();
      await dialog.getByText(VEHICLE_MESSAGES.unavailable).waitFor();

      await registration.fill('ab12 cde');
      await dialog.getByRole('button', { name: 'Look up MOT and tax dates' }).click();
      await dialog.getByText('MOT due 14/03/2027 · Tax due 01/02/2027').waitFor();
      await expectAccessibleAtWidths(page, 'the dialog with the DVLA dates');
      await screenshots(page, 'dvla-dialog');
      await dialog.getByLabel('Keep it to update the dates after each MOT').check();
      await dialog.getByRole('button', { name: 'Add both' }).click();
      await toast(page, 'MOT and car tax reminders created').waitFor();
      await dialog.waitFor({ state: 'detached' });

      const { json } = await api(stack, user.accessToken)('GET', '/api/reminders');
      const cars = (json as { reminders: Reminder[] }).reminders.filter((r) => r.category === 'car_tax_mot');
      const made = cars.map((r) => [r.title, r.provider, r.renewal_date, r.kept_vehicle?.follows]);
      expect(made.sort()).toEqual([
        ['Ford MOT', 'DVSA', '2027-03-14', 'mot'],
        ['Ford car tax', 'DVLA', '2027-02-01', 'tax'],
      ]);
      expect(cars.map((r) => r.kept_vehicle?.registration)).toEqual(['AB12CDE', 'AB12CDE']);

      // The MOT's page says the number is kept; its edit dialog can forget it.
      const mot = cars.find((r) => r.title === 'Ford MOT')!;
      await page.goto(`${stack.appUrl}/reminders/${mot.id}`);
      await page.getByText('AB12CDE, kept to update the date from the DVLA after each MOT').waitFor();
      await page.getByRole('button', { name: 'Edit' }).first().click();
      const edit = page.getByRole('dialog', { name: 'Edit Reminder' });
      const keep = edit.getByLabel('Keep AB12CDE to update the dates after each MOT');
      expect(await keep.isChecked()).toBe(true);
      await keep.uncheck();
      await edit.getByRole('button', { name: 'Update Reminder' }).click();
      await toast(page, 'Reminder updated successfully').waitFor();
      const after = (await api(stack, user.accessToken)('GET', `/api/reminders/${mot.id}`)).json as {
        reminder: Reminder;
      };
      expect(after.reminder.kept_vehicle).toBeNull();
      await page.context().close();
    });
  });
}

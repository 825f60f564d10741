/**
 * Reminders as contracts in Chromium at 390 px and 1280 px: a reminder created with every option
 * under 'More options'; its page with the next e-mail; an outcome with a new price, the suggested
 * saving and the roll forward; the new date, the history and the savings chart. Each journey runs
 * once, at one of the two widths, and each screen is checked with axe (and for sideways scrolling)
 * at both, the page resized in place.
 */
import { describe, expect, it } from 'vitest';
import type { ReminderDetails } from '../../../shared/api.ts';
import { formatUkDate } from '../../../shared/dates.ts';
import { addDays } from '../../../shared/reminder/schedule.ts';
import { expectAccessibleAtWidths, toast, type E2e } from '../../support/e2e.ts';
import { addReminder, api, createUser } from '../../support/stack.ts';

export function contractsJourney({ stack, signedInPage }: E2e): void {
  describe('contracts', () => {
    it('creates a reminder with every option and shows its page with the next e-mail', async () => {
      const user = await createUser(stack, { label: 'contract' });
      const page = await signedInPage(user, 390);
      await page.getByRole('button', { name: 'Add Reminder' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add New Reminder' });
      await dialog.getByLabel(/^Title/).fill('Home Insurance');
      await dialog.getByLabel(/^Category/).selectOption('insurance');
      await dialog.getByLabel(/^Provider/).fill('Aviva');
      await dialog.getByLabel(/^(Deal ends|Renews on|Next payment) \*$/).fill('2099-03-31');
      // How often you pay sits in the main form, with the category's default, and labels the amount.
      expect(await dialog.getByLabel('How often do you pay?').inputValue()).toBe('yearly');
      await dialog.getByLabel('Amount (£) per year').fill('480');

      const more = dialog.getByRole('button', { name: 'More options' });
      expect(await more.getAttribute('aria-expanded')).toBe('false');
      await more.click();
      expect(await more.getAttribute('aria-expanded')).toBe('true');
      // The category's lead days.
      expect(await dialog.getByLabel('Remind me (days before)').inputValue()).toBe('30, 14, 7, 1, 0');
      await expectAccessibleAtWidths(page, 'the dialog with more options');

      // The act-by date must not fall after the renewal.
      await dialog.getByLabel('Act by').fill('2099-04-30');
      await dialog.getByRole('button', { name: 'Create Reminder' }).click();
      await dialog.getByText('Act by must be on or before the renewal date').waitFor();
      await dialog.getByLabel('Act by').fill('2099-03-01');
      await dialog.getByLabel('Remind me (days before)').fill('60, 7, x');
      await dialog.getByRole('button', { name: 'Create Reminder' }).click();
      await dialog.getByText('Enter up to 8 numbers of days from 0 to 365, separated by commas').waitFor();
      await dialog.getByLabel('Remind me (days before)').fill('60, 7, 0');
      // Insurance renews: its term is asked apart from how it is paid.
      await dialog.getByLabel('Renews every').selectOption('two_yearly');
      await dialog.getByLabel('Renews automatically').check();
      await dialog.getByRole('button', { name: 'Create Reminder' }).click();
      await toast(page, 'Reminder created successfully').waitFor();

      const { json } = await api(stack, user.accessToken)('GET', '/api/reminders');
      const [created] = (json as { reminders: ReminderDetails['reminder'][] }).reminders;
      expect(created).toMatchObject({
        repeats: 'two_yearly',
        billing: 'yearly',
        date_kind: 'renewal',
        auto_renew: true,
        act_by: '2099-03-01',
        lead_days: [60, 7, 0],
      });

      // The title links to the reminder's page.
      await page.getByRole('link', { name: 'Home Insurance' }).first().click();
      await page.waitForURL(new RegExp(`/reminders/${created!.id}$`));
      await page.getByRole('heading', { level: 1, name: 'Home Insurance' }).waitFor();
      await page
        .getByText(formatUkDate(addDays('2099-03-01', -60)), { exact: false })
        .first()
        .waitFor();
      await page.getByText('No finished terms yet.').waitFor();
      await expectAccessibleAtWidths(page, 'the reminder page', { overflow: true });

      // Editing it opens 'More options' at once, with what was chosen.
      await page.getByRole('button', { name: /Edit/ }).first().click();
      const edit = page.getByRole('dialog', { name: 'Edit Reminder' });
      expect(await edit.getByRole('button', { name: 'More options' }).getAttribute('aria-expanded')).toBe(
        'true',
      );
      expect(await edit.getByLabel('Remind me (days before)').inputValue()).toBe('60, 7, 0');
      await page.context().close();
    });

    it('records an outcome with a new price, suggests the saving, rolls forward and shows the savings', async () => {
      const user = await createUser(stack, { label: 'outcome' });
      const id = await addReminder(stack, user, {
        title: 'Car insurance',
        category: 'insurance',
        provider: 'Direct Line',
        renewal_date: '2026-01-15',
        amount: 480,
        repeats: 'yearly',
      });
      const page = await signedInPage(user, 1280, `/savings/${id}`);
      await page.getByRole('heading', { name: 'How did you do?' }).waitFor();
      // A switch asks the new provider, price and next date.
      await page.getByLabel('I switched').check();
      await page.getByRole('heading', { name: 'Your next renewal' }).waitFor();
      // Prefilled: a year on; the provider switched to is asked for, not the old one offered.
      expect(await page.getByLabel('Next renewal date').inputValue()).toBe('2027-01-15');
      expect(await page.getByLabel('New provider').inputValue()).toBe('');
      await page.getByLabel('New provider').fill('Admiral');
      await page.getByLabel('New price (£)').fill('400');
      // The price drop is suggested as the saving.
      await expect.poll(() => page.getByLabel('Amount saved (£)').inputValue()).toBe('80.00');
      await expectAccessibleAtWidths(page, 'the outcome page');
      await page.getByRole('button', { name: 'Record Savings' }).click();
      await toast(page, 'Great job saving £80.00!').waitFor();
      await page.waitForURL(/\/dashboard$/, { timeout: 5000 });

      // The savings section: the total, the chart with its table, the ledger.
      const savings = page.getByRole('region', { name: 'Your savings' });
      await savings.getByRole('heading', { name: 'Your savings' }).waitFor();
      await savings.getByRole('img').first().waitFor();
      await savings.getByText('Switched').first().waitFor();
      await expectAccessibleAtWidths(page, 'the dashboard with savings', { overflow: true });

      // The reminder moved on: its new date and provider, and the finished term in its history.
      await page.goto(`${stack.appUrl}/reminders/${id}`);
      await page.getByText(formatUkDate('2027-01-15')).first().waitFor();
      await page.getByText('Admiral').first().waitFor();
      await page.getByText('Switched').first().waitFor();
      await page.getByText('£80.00').first().waitFor();
      await expectAccessibleAtWidths(page, 'the reminder page with history');
      await page.context().close();
    });

    it('shows another user’s reminder as not found', async () => {
      const [owner, other] = await Promise.all([
        createUser(stack, { label: 'owner' }),
        createUser(stack, { label: 'nosy' }),
      ]);
      const id = await addReminder(stack, owner, {
        title: 'Broadband',
        category: 'broadband_mobile',
        provider: 'BT',
        renewal_date: '2099-03-01',
      });
      const page = await signedInPage(other, 390, `/reminders/${id}`);
      await page.getByText('Reminder not found').first().waitFor();
      expect(await page.getByText('Broadband').count()).toBe(0);
      await page.context().close();
    });
  });
}

/**
 * Price memory in Chromium at 390 px and 1280 px: a home insurance at £498.10 a year; its renewal
 * offer noted as a quote marked 'This is my renewal offer'; the rise said on the reminder page, the
 * dashboard and the lead mail; then the outcome recorded, and the history keeping the term's three
 * prices: paid, offered, agreed. Each screen is checked with axe at both widths.
 */
import { describe, expect, it } from 'vitest';
import { todayIn } from '../../../shared/dates.ts';
import { addDays } from '../../../shared/reminder/schedule.ts';
import { expectAccessibleAtWidths, screenshots, toast, type E2e } from '../../support/e2e.ts';
import { runJob } from '../../support/job.ts';
import { addReminder, createUser, mailsTo } from '../../support/stack.ts';

const RISE = "Renewal offer £612.34/yr, up 23% on last year's £498.10/yr";

export function priceMemoryJourney({ stack, signedInPage }: E2e): void {
  describe('price memory', () => {
    it('says the renewal offer’s rise on the page, the dashboard and the mail, and keeps it with the term', async () => {
      const user = await createUser(stack, { label: 'offer' });
      // Its one lead day is today: the job run below for today mails it.
      const renewal = addDays(todayIn('Europe/London'), 7);
      const id = await addReminder(stack, user, {
        title: 'Home insurance',
        category: 'insurance',
        provider: 'Aviva',
        renewal_date: renewal,
        amount: 498.1,
        notes: null,
        billing: 'yearly',
        date_kind: 'renewal',
        repeats: 'yearly',
        lead_days: [7],
        action_windows: false,
      });
      const page = await signedInPage(user, 390, `/reminders/${id}`);
      const notebook = page.getByRole('region', { name: 'Quotes' });
      await notebook.getByLabel('Provider').fill('Aviva');
      await notebook.getByLabel('Price (£)').fill('612.34');
      await notebook.getByLabel('Date').fill(todayIn('Europe/London'));
      await notebook.getByLabel('This is my renewal offer from Aviva').check();
      await notebook.getByRole('button', { name: 'Add a quote' }).click();
      await toast(page, 'Quote added').first().waitFor();
      await page.getByText(RISE, { exact: true }).waitFor();
      await expectAccessibleAtWidths(page, 'the reminder page with its renewal offer', { overflow: true });
      await screenshots(page, 'offer-page');

      await page.getByRole('link', { name: 'Back to Dashboard' }).first().click();
      await page.getByText(RISE, { exact: true }).first().waitFor();
      await expectAccessibleAtWidths(page, 'the dashboard with a renewal offer', { overflow: true });
      await screenshots(page, 'offer-dashboard');

      const today = todayIn('Europe/London');
      const mails = (await runJob(stack, { date: today, trigger: 'cli' })).mails.filter(
        (m) => m.userId === user.sub,
      );
      expect(mails.map((m) => [m.type, m.status])).toEqual([['reminder', 'sent']]);
      const [mail] = await mailsTo(stack, user.email).then((all) =>
        all.filter((m) => m.subject.startsWith('Your Home insurance')),
      );
      expect(mail?.body.text).toContain(`${RISE}.`);

      // Haggled down to £540: the term keeps what it cost, what was offered and what was agreed.
      await page.goto(`${stack.appUrl}/savings/${id}`);
      await page.getByLabel('I haggled a better price').check();
      await page.getByLabel(/^New price/).fill('540');
      await page.getByLabel(/^Amount saved/).fill('72.34');
      await page.getByRole('button', { name: 'Record Savings' }).click();
      await toast(page, 'Thank you!').waitFor();
      await page.goto(`${stack.appUrl}/reminders/${id}`);
      const history = page.getByRole('region', { name: 'History' });
      await history.getByText('£612.34').first().waitFor();
      expect(await history.getByText('£498.10').count()).toBeGreaterThan(0);
      expect(await history.getByText('£540.00').count()).toBeGreaterThan(0);
      await expectAccessibleAtWidths(page, 'the history with its prices', { overflow: true });
      await screenshots(page, 'offer-history');
      await page.context().close();
    });
  });
}

/**
 * The notice watchdog and April's price rise in Chromium, at 390 px and 1280 px: two broadband
 * contracts whose end-of-contract notice was due today (Ofcom's 10 days before the end) are asked
 * about under 'Needs your answer', each row with its price from April; 'Yes, and here it is' keeps
 * the answer and opens Settings with 'Upload a letter' open; 'No' keeps it and opens the reminder's
 * page, whose notice card says what was told and lists the routes. axe on each screen at both widths;
 * SCREENSHOT_DIR keeps PNGs (docs/screenshots/notice-watchdog).
 */
import { describe, expect, it } from 'vitest';
import type { Reminder } from '../../../shared/api.ts';
import { todayIn } from '../../../shared/dates.ts';
import { addDays } from '../../../shared/reminder/schedule.ts';
import { expectAccessibleAtWidths, screenshots, type E2e } from '../../support/e2e.ts';
import { addReminder, api, createUser } from '../../support/stack.ts';

export function noticeWatchdogJourney({ stack, signedInPage }: E2e): void {
  describe('the notice watchdog', () => {
    it("asks whether each notice came; 'Yes, and here it is' opens the upload, 'No' the routes", async () => {
      const user = await createUser(stack, { label: 'watchdog' });
      // The local stack's date is the machine's: ten days from London's today, the notice was due today.
      const end = addDays(todayIn('Europe/London'), 10);
      const contract = (title: string, provider: string, price_rise: unknown) => ({
        title,
        category: 'broadband_mobile',
        provider,
        renewal_date: end,
        amount: 29.35,
        notes: null,
        billing: 'monthly',
        date_kind: 'deal_end',
        price_rise,
      });
      await addReminder(stack, user, contract('Home broadband', 'BT', { kind: 'cpi_3_9' }));
      const sky = await addReminder(
        stack,
        user,
        contract('Sky TV', 'Sky', { kind: 'pounds', pence_a_month: 300 }),
      );

      const page = await signedInPage(user, 390);
      const needs = page.getByRole('region', { name: /^Needs your answer/ });
      const bt = needs.getByRole('group', { name: 'Did BT send your end-of-contract notice?' });
      await bt.waitFor();
      await needs.getByText('From April: £32.35 a month (£3.00 a month more)').first().waitFor();
      await expectAccessibleAtWidths(page, 'the notice question', { overflow: true });
      await screenshots(page, 'notice-dashboard');

      await bt.getByRole('button', { name: 'Yes, and here it is' }).click();
      await page.waitForURL(/\/settings\?upload=letter$/);
      const upload = page.getByRole('dialog', { name: 'Upload a letter' });
      await upload.waitFor();
      await expectAccessibleAtWidths(page, 'the upload after the answer');
      await screenshots(page, 'notice-upload');
      await upload.getByRole('button', { name: 'Cancel' }).click();
      await page.waitForURL(/\/settings$/);

      await page.goto(`${stack.appUrl}/dashboard`);
      const skyQuestion = page.getByRole('group', { name: 'Did Sky send your end-of-contract notice?' });
      await skyQuestion.getByRole('button', { name: 'No' }).click();
      await page.waitForURL(new RegExp(`/reminders/${sky}#end-of-contract-notice$`));
      const card = page.getByRole('region', { name: 'Your end-of-contract notice' });
      await card.getByText('You told us Sky didn’t send the notice').waitFor();
      expect(
        await card.getByRole('link', { name: /The Communications Ombudsman/ }).getAttribute('href'),
      ).toBe('https://www.commsombudsman.org/');
      await page.getByText('From April: £32.35 a month (£3.00 a month more)').waitFor();
      await expectAccessibleAtWidths(page, 'the routes after a No', { overflow: true });
      // From the top: a full-page picture taken scrolled down shows the sticky header mid-page.
      await page.evaluate('window.scrollTo(0, 0)');
      await screenshots(page, 'notice-routes');

      // Both answers are kept on their reminders, for this renewal.
      const { json } = await api(stack, user.accessToken)('GET', '/api/reminders');
      const answers = (json as { reminders: Reminder[] }).reminders.map((r) => [
        r.provider,
        r.notice_answer?.answer,
      ]);
      expect(answers.sort()).toEqual([
        ['BT', 'yes_with_letter'],
        ['Sky', 'no'],
      ]);
      await page.context().close();
    });
  });
}

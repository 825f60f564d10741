/**
 * Settings' 'Calendar feed' and 'Your data' in Chromium at 390 and 1280 px: copy the feed's address
 * and fetch it, reset it (the old one answers 404), export the reminders as CSV, download all the
 * data as JSON; axe on the page at both widths (resized in place). Each journey runs once, one at
 * each width.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { MyData } from '../../../shared/api.ts';
import { expectAccessibleAtWidths, toast, type E2e } from '../../support/e2e.ts';
import { addReminder, createUser } from '../../support/stack.ts';

export function yourDataJourney({ stack, signedInPage }: E2e): void {
  describe('your data', () => {
    it('copies the calendar address, which serves the feed, and resets it', async () => {
      const user = await createUser(stack, { label: 'feed' });
      await addReminder(stack, user, {
        title: 'Home insurance',
        category: 'insurance',
        provider: 'Aviva',
        renewal_date: '2031-03-31',
        act_by: '2031-03-01',
      });
      const page = await signedInPage(user, 390, '/settings');
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.appUrl });
      const card = page.getByRole('region', { name: 'Calendar feed' });
      const address = card.getByLabel('Calendar address');
      await expect.poll(() => address.inputValue()).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
      expect(await card.getByRole('link', { name: 'Open in calendar app' }).getAttribute('href')).toMatch(
        /^webcal:\/\//,
      );
      await expectAccessibleAtWidths(page, 'settings', { overflow: true });

      await card.getByRole('button', { name: 'Copy link' }).click();
      await toast(page, 'Link copied').waitFor();
      const copied = await page.evaluate<string>('navigator.clipboard.readText()');
      expect(copied).toBe(await address.inputValue());
      const feed = await fetch(copied);
      expect(feed.status).toBe(200);
      const text = await feed.text();
      expect(text).toContain('BEGIN:VCALENDAR');
      expect(text).toContain('SUMMARY:Home insurance renews (Aviva)');
      expect(text).toContain('SUMMARY:Last day to act: Home insurance (Aviva)');

      await card.getByRole('button', { name: 'Reset link' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Reset calendar link?' });
      await confirm.getByRole('button', { name: 'Reset link' }).click();
      await toast(page, 'Calendar link reset').waitFor();
      await expect.poll(() => address.inputValue()).not.toBe(copied);
      expect((await fetch(copied)).status).toBe(404);
      expect((await fetch(await address.inputValue())).status).toBe(200);
      await page.context().close();
    });

    it('exports the reminders as CSV and downloads all the data as JSON', async () => {
      const user = await createUser(stack, { label: 'data' });
      await addReminder(stack, user, {
        title: 'Broadband, fibre',
        category: 'broadband_mobile',
        provider: 'BT',
        renewal_date: '2031-05-01',
        amount: 35,
        notes: 'Line one\nLine "two"',
      });
      const page = await signedInPage(user, 1280, '/settings');
      const card = page.getByRole('region', { name: 'Your data' });

      const [csvDownload] = await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('button', { name: 'Export reminders' }).click(),
      ]);
      expect(csvDownload.suggestedFilename()).toMatch(/^renewal-reminders-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await readFile((await csvDownload.path())!, 'utf8');
      expect(csv.split('\r\n')[0]).toBe(
        '\uFEFFTitle,Category,Provider,Renewal date,Amount,How often you pay,Amount per year,Date is,Notes,Repeats,Renews automatically,Act by,Remind me,Best day to act,Lender,Who pays,Price rises in April',
      );
      expect(csv).toContain(
        '"Broadband, fibre",broadband_mobile,BT,2031-05-01,35.00,none,,Deal ends,"Line one\nLine ""two""",none,no,,',
      );
      await toast(page, 'Reminders exported').waitFor();

      const [jsonDownload] = await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('button', { name: 'Download my data' }).click(),
      ]);
      expect(jsonDownload.suggestedFilename()).toMatch(/^renewal-reminders-my-data-\d{4}-\d{2}-\d{2}\.json$/);
      const data = JSON.parse(await readFile((await jsonDownload.path())!, 'utf8')) as MyData;
      expect(data.profile.email).toBe(user.email);
      expect(data.reminders.map((r) => r.title)).toEqual(['Broadband, fibre']);
      await page.context().close();
    });
  });
}

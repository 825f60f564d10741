/**
 * The renewal inbox in Chromium at 390 px and 1280 px: a renewal e-mail with its PDF letter,
 * forwarded over SMTP to the user's inbox address from their own address, shows under 'From your
 * inbox' with what was read; its price is corrected and 'Update Car insurance' fills the reminder's
 * date and renewal offer; a photographed letter uploaded on the site becomes a new reminder through
 * 'Add reminder'; an e-mail with nothing to use is dismissed. Each screen is checked with axe.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ReminderDetails } from '../../../shared/api.ts';
import type { Inbox } from '../../../shared/inbox/items.ts';
import { expectAccessibleAtWidths, screenshots, toast, type E2e } from '../../support/e2e.ts';
import { sendSmtp } from '../../support/smtp.ts';
import { addReminder, api, createUser } from '../../support/stack.ts';

const fixture = (name: string) => new URL(`../../fixtures/inbox/${name}`, import.meta.url);

export function inboxJourney({ stack, signedInPage }: E2e): void {
  describe('the renewal inbox', () => {
    it('reads a forwarded letter and a photo, updates one reminder, adds another, dismisses a third', async () => {
      const user = await createUser(stack, { label: 'inbox' });
      const car = await addReminder(stack, user, {
        title: 'Car insurance',
        category: 'insurance',
        provider: 'Churchill',
        renewal_date: '2027-01-03',
        amount: null,
        notes: null,
        billing: 'yearly',
        date_kind: 'renewal',
        repeats: 'yearly',
      });
      const { address } = (await api(stack, user.accessToken)('GET', '/api/inbox/me'))
        .json as unknown as Inbox;
      const forward = (raw: string) =>
        sendSmtp(
          stack.inbox.port,
          user.email,
          [address!],
          raw.replace(/^From: .*$/m, `From: ${user.email}`).replace(/^To: .*$/m, `To: ${address}`),
        );
      expect(
        (await forward(readFileSync(fixture('churchill-pdf-attached-gmail.eml'), 'utf8'))).accepted,
      ).toBe(true);
      const nothing = `From: ${user.email}\nTo: ${address}\nSubject: Fwd: Thank you for your order\n\nThank you for your order. It ships tomorrow.\n`;
      expect((await forward(nothing)).accepted).toBe(true);

      const page = await signedInPage(user, 390);
      const items = page.getByRole('region', { name: 'From your inbox' });
      await items.getByRole('button', { name: 'Update Car insurance' }).waitFor();
      await items.getByText("We couldn't find a renewal date in this e-mail").waitFor();
      await expectAccessibleAtWidths(page, 'the dashboard with two inbox items', { overflow: true });
      await screenshots(page, 'inbox-dashboard');

      // The price read is corrected before anything is saved.
      await items.getByRole('button', { name: 'Update Car insurance' }).click();
      const dialog = page.getByRole('dialog', { name: 'Update Car insurance?' });
      expect(await dialog.getByLabel('Renews on').inputValue()).toBe('2027-01-04');
      await dialog.getByLabel('Renewal price (£)').fill('580.00');
      await expectAccessibleAtWidths(page, 'the update dialog', { overflow: true });
      await screenshots(page, 'inbox-update');
      await dialog.getByRole('button', { name: 'Update Car insurance' }).click();
      await toast(page, 'Reminder updated successfully').waitFor();
      await items.getByRole('button', { name: 'Update Car insurance' }).waitFor({ state: 'detached' });
      const details = (await api(stack, user.accessToken)('GET', `/api/reminders/${car}`))
        .json as unknown as ReminderDetails;
      expect(details.reminder).toMatchObject({
        renewal_date: '2027-01-04',
        amount: 541.1,
        renewal_offer: { price: 580, renewal_date: '2027-01-04' },
      });

      // A photo of a broadband letter, uploaded: a new reminder from what was read.
      await page.getByRole('button', { name: 'Upload a letter' }).first().click();
      const upload = page.getByRole('dialog', { name: 'Upload a letter' });
      await upload.getByLabel('Letter file').setInputFiles(fixture('ee-broadband-letter-photo.jpg').pathname);
      await upload.getByRole('button', { name: 'Read the letter' }).click();
      await toast(page, 'Letter read').waitFor({ timeout: 30_000 });
      await items.getByRole('button', { name: /^Add reminder/ }).click();
      const add = page.getByRole('dialog', { name: 'Add New Reminder' });
      expect(await add.getByLabel(/^Provider/).inputValue()).toBe('EE');
      await expectAccessibleAtWidths(page, 'the dialog filled from a photo', { overflow: true });
      await add.getByRole('button', { name: 'Create Reminder' }).click();
      await toast(page, 'Reminder created successfully').waitFor();
      await page.getByRole('link', { name: /EE/ }).first().waitFor();
      // Added: its item goes.
      await items.getByRole('button', { name: /^Add reminder/ }).waitFor({ state: 'detached' });

      // The e-mail with nothing to use goes with 'Dismiss'.
      const unused = items.getByRole('listitem').filter({ hasText: "We couldn't find a renewal date" });
      await unused.getByRole('button', { name: /^Dismiss/ }).click();
      await toast(page, 'Dismissed').waitFor();
      await items.waitFor({ state: 'detached' });
      await expectAccessibleAtWidths(page, 'the dashboard after the inbox', { overflow: true });
      await page.context().close();
    });
  });
}

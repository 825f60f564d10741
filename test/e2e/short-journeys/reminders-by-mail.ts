/**
 * The reminder engine as a user meets it: the reminder job run for the right dates puts the mails in
 * the local mailbox, the mail's links work in the browser (dashboard, savings, unsubscribe on the
 * press only), and unsubscribing stops the next mail.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { runJob } from '../../support/job.ts';
import { getProfile } from '../../../lambdas/store/account/index.ts';
import { maskEmail } from '../../../shared/identity.ts';
import { expectAccessible, toast, type E2e } from '../../support/e2e.ts';
import { addReminder, createUser, mailsTo, type TestUser } from '../../support/stack.ts';

const renewal = DateTime.fromISO('2031-03-20');
const dayBefore = (days: number) => renewal.minus({ days }).toISODate()!;

export function remindersByMailJourney({ stack, newPage, signIn }: E2e): void {
  describe('reminder mails', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await createUser(stack, { label: 'mail' });
    });
    const reminderMails = async () =>
      (await mailsTo(stack, user.email)).filter((m) => /renews|How did you do/.test(m.subject));

    it('arrive on the lead days only, link to the app, and stop after unsubscribing', async () => {
      const reminderId = await addReminder(stack, user, {
        title: 'Car insurance',
        category: 'insurance',
        provider: 'Admiral',
        renewal_date: renewal.toISODate(),
        amount: 389.99,
        notes: null,
      });

      // Insurance reminds 30, 14, 7, 1 and 0 days before: nothing 31 days before, one mail at 30
      // (however often the job runs), nothing more the day after.
      await runJob(stack, { date: dayBefore(31), trigger: 'cli' });
      expect(await reminderMails()).toHaveLength(0);
      await runJob(stack, { date: dayBefore(30), trigger: 'cli' });
      await runJob(stack, { date: dayBefore(30), trigger: 'cli' });
      await runJob(stack, { date: dayBefore(29), trigger: 'cli' });
      const [first] = await reminderMails();
      expect(await reminderMails()).toHaveLength(1);
      expect(first!.subject).toBe(
        'Your Car insurance with Admiral renews in 30 days (Thursday 20 March 2031)',
      );
      expect(first!.body.text).toContain('£389.99');

      // The mail's button opens that reminder's page (sign-in first), and from there the dashboard.
      const page = await newPage(1280);
      const reminderLink = /href="([^"]*\/reminders\/[^"]+)"/.exec(first!.body.html ?? '')![1]!;
      await page.goto(reminderLink);
      await signIn(page, user, { goto: false, waitFor: /\/reminders\// });
      await page.getByRole('heading', { name: 'Car insurance' }).waitFor();
      await page.getByRole('link', { name: 'Back to Dashboard' }).first().click();
      await page.getByRole('row', { name: /Car insurance/ }).waitFor();
      // country_cta_v1 is on in the local stage: a UK user sees the energy price-cap call to action.
      await page.getByLabel('Tip for UK households').waitFor();

      // The unsubscribe link in the footer works without signing in, but only on the press: opening
      // it (twice, as a mail scanner might, scripts and all) shows whose mails and changes nothing.
      const unsubscribe = /href="([^"]*\/unsubscribe\?token=[^"]+)"/
        .exec(first!.body.html ?? '')![1]!
        .replaceAll('&amp;', '&');
      const anonymous = await newPage(390);
      const masked = maskEmail(user.email);
      expect(masked).toMatch(/^m•••@example\.com$/);
      for (let opened = 0; opened < 2; opened++) {
        await anonymous.goto(unsubscribe);
        await anonymous.getByText(masked).waitFor();
        await anonymous.waitForLoadState('networkidle');
        expect(await anonymous.getByText("You're unsubscribed").count()).toBe(0);
        expect((await getProfile(user.sub))?.reminder_emails).toBe(true);
      }
      await expectAccessible(anonymous, 'unsubscribe page');
      await anonymous.getByRole('button', { name: 'Unsubscribe' }).click();
      await anonymous.getByText("You're unsubscribed").waitFor();
      expect((await getProfile(user.sub))?.reminder_emails).toBe(false);
      await expectAccessible(anonymous, 'unsubscribe page, done');
      await anonymous.goto(`${stack.appUrl}/unsubscribe?token=forged.token-value`);
      await anonymous.getByText('This unsubscribe link is not valid.').waitFor();

      await runJob(stack, { date: dayBefore(14), trigger: 'cli' });
      expect(await reminderMails()).toHaveLength(1);

      // Turning reminders back on in Settings brings the next one.
      await page.goto(`${stack.appUrl}/settings`);
      const toggle = page.getByLabel('Send me renewal reminder e-mails');
      // The kept copy of the profile cannot be saved until it has been read again.
      await expect.poll(() => page.getByRole('button', { name: 'Save Changes' }).isEnabled()).toBe(true);
      expect(await toggle.isChecked()).toBe(false);
      // One digest per run unless asked otherwise.
      expect(await page.getByLabel('Send one e-mail per renewal').isChecked()).toBe(false);
      await toggle.check();
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await toast(page, 'Settings updated successfully').waitFor();
      await runJob(stack, { date: dayBefore(7), trigger: 'cli' });
      await runJob(stack, { date: renewal.plus({ days: 1 }).toISODate()!, trigger: 'cli' });
      const mails = await reminderMails();
      expect(mails.map((m) => m.subject)).toEqual([
        'Your Car insurance with Admiral renews in 30 days (Thursday 20 March 2031)',
        'Your Car insurance with Admiral renews in 7 days (Thursday 20 March 2031)',
        'How did you do with Car insurance?',
      ]);

      // The follow-up links to the savings page for this reminder.
      const savingsLink = /href="([^"]*\/savings\/[^"]+)"/.exec(mails[2]!.body.html ?? '')![1]!;
      expect(savingsLink).toContain(reminderId);
      await page.goto(savingsLink);
      await page.getByRole('heading', { name: 'How did you do?' }).waitFor();
      await page.context().close();
      await anonymous.context().close();
    });
  });
}

/**
 * The trial's mortgage in Chromium at 390 px and 1280 px: a Nationwide fixed rate paid monthly and
 * ending in 5 months, added through the dialog, shows its payments and its deal's end apart, mails
 * on the mortgage's lead days and its lock-in day (not 3 days before a payment), and one saved when
 * 'How often do you pay?' was taken as its term asks 'When does your deal end?' until answered.
 * The same trial's car: its tax and its MOT, due the same week, each get their own day, and only the
 * MOT says it can be taken early, on the dashboard's 'What to do this week' and on its page.
 * Each screen is checked with axe at both widths.
 */
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { ReminderDetails, Reminder } from '../../../shared/api.ts';
import { todayIn } from '../../../shared/dates.ts';
import { addDays } from '../../../shared/reminder/schedule.ts';
import { expectAccessibleAtWidths, screenshots, toast, type E2e } from '../../support/e2e.ts';
import { runJob } from '../../support/job.ts';
import { addReminder, api, createUser, mailsTo } from '../../support/stack.ts';
import { WINDOW_TODO } from '../../../shared/reminder/actions.ts';

const DATE = /^(Deal ends|Renews on|Next payment) \*$/;

export function dealEndJourney({ stack, signedInPage }: E2e): void {
  describe('a deal that ends, paid monthly', () => {
    it('adds the trial’s mortgage and mails it on the mortgage’s days, not before each payment', async () => {
      const user = await createUser(stack, { label: 'dealend' });
      const page = await signedInPage(user, 390);
      const end = addDays(todayIn('Europe/London'), 150);
      await page.getByRole('button', { name: 'Add Reminder' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add New Reminder' });
      await dialog.getByLabel(/^Title/).fill('Mortgage');
      await dialog.getByLabel(/^Provider/).fill('Nationwide');
      await dialog.getByLabel('Lender').selectOption({ label: 'Nationwide' });
      // A mortgage is a deal that ends, paid monthly: both asked, in plain words.
      expect(await dialog.getByLabel('How often do you pay?').inputValue()).toBe('monthly');
      expect(await dialog.getByRole('radio', { name: 'It ends on a date' }).isChecked()).toBe(true);
      await dialog.getByLabel('Amount (£) per month').fill('1150');
      await dialog.getByLabel(DATE).fill(end);
      await dialog.getByLabel('Deal ends *').waitFor();
      await expectAccessibleAtWidths(page, 'the dialog of a mortgage deal', { overflow: true });
      await screenshots(page, 'deal-dialog');
      await dialog.getByRole('button', { name: 'Create Reminder' }).click();
      await toast(page, 'Reminder created successfully').waitFor();
      await page.getByText('£1,150.00/month').first().waitFor();

      const { json } = await api(stack, user.accessToken)('GET', '/api/reminders');
      const [created] = (json as { reminders: Reminder[] }).reminders;
      expect(created).toMatchObject({
        billing: 'monthly',
        date_kind: 'deal_end',
        repeats: 'none',
        amount: 1150,
      });

      // Its page says the deal ends, how it is paid, and its first mail: the lock-in day.
      await page.getByRole('link', { name: 'Mortgage' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Mortgage' }).waitFor();
      await page.getByText('Deal ends', { exact: true }).first().waitFor();
      await page.getByText('£1,150.00/month · £13,800.00/yr').waitFor();
      const details = (await api(stack, user.accessToken)('GET', `/api/reminders/${created!.id}`))
        .json as unknown as ReminderDetails;
      expect(details.next_mail).toMatchObject({
        type: 'window',
        date: DateTime.fromISO(end).minus({ months: 4 }).toISODate(),
      });
      await expectAccessibleAtWidths(page, 'the mortgage deal’s page', { overflow: true });
      await screenshots(page, 'deal-page');

      // The lock-in day's mail, then the 90-day one, each on its day.
      const sent = async (date: string) =>
        (await runJob(stack, { date, trigger: 'cli' })).mails
          .filter((m) => m.userId === user.sub && m.status === 'sent')
          .map((m) => m.type);
      expect(await sent(details.next_mail!.date)).toEqual(['window']);
      expect(await sent(addDays(end, -90))).toEqual(['reminder']);

      // After the deal ends, the outcome asks for the new deal, not a month on.
      await page.goto(`${stack.appUrl}/savings/${created!.id}`);
      await page.getByLabel('I switched').check();
      await page.getByRole('heading', { name: "What's your new deal?" }).waitFor();
      expect(await page.getByLabel('New deal ends').inputValue()).toBe('');
      await page.getByLabel('New price (£) per month').waitFor();
      await expectAccessibleAtWidths(page, 'the outcome of a deal that ended', { overflow: true });
      const subjects = (await mailsTo(stack, user.email)).map((m) => m.subject);
      expect(
        subjects.filter((s) => s.startsWith('Your Mortgage with Nationwide ends in 90 days')),
      ).toHaveLength(1);
      await page.context().close();
    });

    it('asks a mortgage saved as a monthly payment when its deal ends, from the dashboard', async () => {
      const user = await createUser(stack, { label: 'cutdown' });
      const payment = addDays(todayIn('Europe/London'), 20);
      // As a client that knows only 'repeats' sends it: how it is paid, then taken as its term.
      await addReminder(stack, user, {
        title: 'Mortgage',
        category: 'mortgage',
        provider: 'Nationwide',
        renewal_date: payment,
        amount: 1150,
        repeats: 'monthly',
      });
      const page = await signedInPage(user, 1280);
      const ask = page.getByRole('button', { name: 'When does your deal end? (Mortgage)' });
      await ask.waitFor();
      await expectAccessibleAtWidths(page, 'the dashboard asking when a deal ends', { overflow: true });
      await screenshots(page, 'deal-ask');
      await ask.click();
      const dialog = page.getByRole('dialog', { name: 'Edit Reminder' });
      await dialog.getByRole('note').getByText('When does your deal end?').waitFor();
      expect(await dialog.getByLabel('Deal ends *').inputValue()).toBe('');
      const end = addDays(todayIn('Europe/London'), 150);
      await dialog.getByLabel('Deal ends *').fill(end);
      await expectAccessibleAtWidths(page, 'the dialog asking when a deal ends');
      await dialog.getByRole('button', { name: 'Update Reminder' }).click();
      await toast(page, 'Reminder updated successfully').waitFor();
      await ask.waitFor({ state: 'detached' });
      const { json } = await api(stack, user.accessToken)('GET', '/api/reminders');
      expect((json as { reminders: Reminder[] }).reminders[0]).toMatchObject({
        renewal_date: end,
        billing: 'monthly',
        date_kind: 'deal_end',
        ask_deal_end: false,
      });
      await page.context().close();
    });
    it('keeps a car’s tax apart from its MOT: only the MOT can be taken early, and says so this week', async () => {
      const user = await createUser(stack, { label: 'car' });
      // Both due in 25 days: the MOT could be taken from 5 days ago; the tax has no such day.
      const due = addDays(todayIn('Europe/London'), 25);
      const car = { category: 'car_tax_mot', renewal_date: due, amount: null, notes: null };
      await addReminder(stack, user, { ...car, title: 'Ford MOT', provider: 'DVSA', vehicle_date: 'mot' });
      await addReminder(stack, user, {
        ...car,
        title: 'Ford car tax',
        provider: 'DVLA',
        vehicle_date: 'tax',
      });
      const page = await signedInPage(user, 390);
      const week = page.getByRole('region', { name: 'What to do this week' });
      const items = week.getByRole('listitem');
      await items.first().waitFor();
      expect((await items.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())).toEqual([
        expect.stringMatching(new RegExp(`^Since .*Ford MOT: ${WINDOW_TODO.early_mot} Done$`)),
      ]);
      await expectAccessibleAtWidths(page, 'this week’s MOT beside the car tax', { overflow: true });
      await screenshots(page, 'car-this-week');

      // The tax's page names no MOT day; the MOT's does.
      await page.getByRole('link', { name: 'Ford car tax' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Ford car tax' }).waitFor();
      await page.getByText('DVLA', { exact: true }).first().waitFor();
      expect(await page.getByText(/take your MOT/).count()).toBe(0);
      await expectAccessibleAtWidths(page, 'the car tax’s page', { overflow: true });
      await page.goBack();
      await page.getByRole('link', { name: 'Ford MOT' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Ford MOT' }).waitFor();
      await page.getByText('You can take your MOT from today and keep your date').first().waitFor();
      await expectAccessibleAtWidths(page, 'the MOT’s page', { overflow: true });

      // One tap marks the MOT's day done, and the card goes with its only action.
      await page.goBack();
      await week.getByRole('button', { name: `Done: Ford MOT, ${WINDOW_TODO.early_mot}` }).click();
      await toast(page, 'Marked done').waitFor();
      await week.waitFor({ state: 'detached' });
      await page.context().close();
    });
  });
}

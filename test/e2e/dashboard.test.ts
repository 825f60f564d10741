/**
 * The action-first dashboard, as a UK user with six renewals sees it at 390 and 1280 px: the summary
 * card's figures, groups ordered by the deadline that matters, act-by dates, search and filter, the
 * outcome question on an overdue renewal, and a monthly subscription saved and shown monthly.
 * SCREENSHOT_DIR=/tmp/shots saves the dashboard at each width.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../shared/reminder/schedule.ts';
import { todayIn, formatUkDate } from '../../shared/dates.ts';
import { expectAccessible, toast, useE2e, WIDTHS } from '../support/e2e.ts';
import { addReminder, api, createUser, type TestUser } from '../support/stack.ts';

const { stack, signedInPage } = useE2e();
const today = todayIn('Europe/London');

let user: TestUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  user = await createUser(stack, { label: 'dashboard' });
  const seed = [
    {
      title: 'Car insurance',
      category: 'insurance',
      renewal_date: addDays(today, -3),
      amount: 480,
      repeats: 'yearly',
    },
    {
      title: 'Home insurance',
      category: 'insurance',
      renewal_date: addDays(today, 35),
      act_by: addDays(today, 4),
      amount: 320,
      repeats: 'yearly',
    },
    {
      title: 'Netflix',
      category: 'subscriptions',
      renewal_date: addDays(today, 12),
      amount: 10.99,
      repeats: 'monthly',
    },
    {
      title: 'Energy fix',
      category: 'utilities_energy',
      renewal_date: addDays(today, 20),
      amount: 1200,
      repeats: 'yearly',
    },
    {
      title: 'Mortgage deal',
      category: 'mortgage',
      renewal_date: addDays(today, 200),
      amount: 900,
      repeats: 'none',
    },
    {
      title: 'Broadband',
      category: 'broadband_mobile',
      renewal_date: addDays(today, 60),
      amount: 360,
      repeats: 'yearly',
    },
  ];
  for (const r of seed)
    ids[r.title] = await addReminder(stack, user, { provider: 'Acme', notes: null, ...r });
  // Its end-of-fix notice was due 42 days before: told it came, it groups by its days alone.
  const notice = await api(stack, user.accessToken)('POST', `/api/reminders/${ids['Energy fix']}/notice`, {
    answer: 'yes',
    renewal_date: addDays(today, 20),
  });
  expect(notice.status).toBe(200);
});

const headings = ['Needs your answer', 'Next 7 days', 'Next 30 days', 'Later'];

describe.each(WIDTHS)('the dashboard at %i px', (width) => {
  it('sums up, groups by deadline, shows act-by dates and amounts with their period, and filters', async () => {
    const page = await signedInPage(user, width);
    if (width === 390) await page.setViewportSize({ width, height: 844 });
    const summary = page.getByRole('region', { name: 'Summary' });
    await summary.getByText('Home insurance').waitFor();
    await expect(summary.textContent()).resolves.toMatch(/Next: Home insurance in 4 days/);
    await summary.getByText('£1,210.99 renewing in the next 30 days').waitFor();
    await summary.getByText('You pay £2,491.88 a year for these').waitFor();

    const groupHeadings = await page.locator('.agenda-heading').allTextContents();
    expect(groupHeadings.map((h) => h.replace(/\s*\d+$/, ''))).toEqual(headings);
    const inGroup = (name: string) =>
      page
        .getByRole('region', { name: new RegExp(`^${name}`) })
        .getByRole('link', { name: /^(?!How did it go)/ });
    expect(await inGroup('Next 30 days').allTextContents()).toEqual(['Netflix', 'Energy fix']);
    expect(await inGroup('Later').allTextContents()).toEqual(['Broadband', 'Mortgage deal']);
    await page.getByText(`Act by ${formatUkDate(addDays(today, 4))}`).waitFor();
    await page.getByText('4 days to act').waitFor();
    await page.getByText('£10.99/month').waitFor();
    await page.getByText('£131.88/yr').waitFor();

    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({
        path: path.join(process.env.SCREENSHOT_DIR, `dashboard-${width}.png`),
        fullPage: true,
      });
    }
    if (width === 390) {
      // What to do this week comes first, and the first reminder still starts on a phone's first screen.
      const week = await page.getByRole('region', { name: 'What to do this week' }).boundingBox();
      const first = await page.locator('.reminder-card').first().boundingBox();
      expect(week!.y).toBeLessThan(first!.y);
      expect(first!.y).toBeLessThan(844 * 0.75);
    }
    await expectAccessible(page, `dashboard at ${width}`);

    await page.getByRole('searchbox', { name: 'Search reminders' }).fill('netf');
    await expect(page.locator('.reminder-link').allTextContents()).resolves.toEqual(['Netflix']);
    await page.getByRole('searchbox', { name: 'Search reminders' }).fill('');
    await page.getByRole('combobox', { name: 'Category' }).selectOption('mortgage');
    await expect(page.locator('.reminder-link').allTextContents()).resolves.toEqual(['Mortgage deal']);
    await page.getByRole('searchbox', { name: 'Search reminders' }).fill('nothing like it');
    await page.getByText('No reminders match your search.').waitFor();
    await page.context().close();
  });
});

describe('acting on the dashboard (390 px)', () => {
  it("answers 'How did it go?' on an overdue renewal, which then leaves 'Needs your answer'", async () => {
    const page = await signedInPage(user, 390);
    await page.getByRole('link', { name: 'How did it go? (Car insurance)' }).click();
    // The link names the term it asks about.
    await page.waitForURL(new RegExp(`/savings/${ids['Car insurance']}\\?renewal=`));
    await page.getByLabel('I renewed as is').check();
    await page.getByRole('button', { name: 'I Renewed (No Savings)' }).click();
    await toast(page, 'Thanks for letting us know you renewed.').waitFor();
    await page.waitForURL(/\/dashboard$/, { timeout: 5000 });
    await page.getByRole('region', { name: 'Summary' }).waitFor();
    await expect(page.locator('.agenda-heading').allTextContents()).resolves.not.toContain(
      expect.stringMatching(/^Needs your answer/),
    );
    await page.context().close();
  });

  it('saves a monthly subscription as monthly, with the amount labelled per month, and shows it so', async () => {
    const page = await signedInPage(user, 390);
    await page.getByRole('button', { name: 'Add Reminder' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Title/).fill('Spotify');
    await dialog.getByLabel(/^Category/).selectOption('subscriptions');
    await dialog.getByLabel(/^Provider/).fill('Spotify');
    await dialog.getByLabel(/^(Deal ends|Renews on|Next payment) \*$/).fill(addDays(today, 9));
    await expect(dialog.getByLabel('How often do you pay?').inputValue()).resolves.toBe('monthly');
    await dialog.getByLabel('Amount (£) per month').fill('11.99');
    await dialog.getByRole('button', { name: 'Create Reminder' }).click();
    await toast(page, 'Reminder created successfully').waitFor();
    await page.getByText('£11.99/month').waitFor();
    await page.getByText('£143.88/yr').waitFor();

    // Its saving is per month, as its price is, and counts for a year everywhere savings add up.
    await page.getByRole('link', { name: 'Spotify' }).click();
    await page.waitForURL(/\/reminders\/[\w-]+$/);
    const id = new URL(page.url()).pathname.split('/').at(-1)!;
    await page.goto(`${stack.appUrl}/savings/${id}?choice=haggled`);
    await page.getByLabel('New price (£)').fill('8.99');
    const amount = page.getByLabel('Amount saved (£) per month');
    await expect.poll(() => amount.inputValue()).toBe('3.00');
    await page.getByText('£3.00/month saved counts as £36.00 a year.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Record Savings' }).click();
    await toast(page, 'Great job saving £3.00!').waitFor();
    await page.waitForURL(/\/dashboard$/, { timeout: 5000 });
    const savings = page.getByRole('region', { name: 'Your savings' });
    await savings.getByText('£36.00 saved in all').waitFor();
    await page.getByText("You've reported saving £36.00!").waitFor();
    // With the savings line in the summary and what to do this week, the first reminder still
    // starts on a phone's first screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const first = await page.locator('.reminder-card').first().boundingBox();
    expect(first!.y).toBeLessThan(844 * 0.75);
    // On a phone the ledger is cards: the saving in view, not a column off the screen's edge.
    const card = savings.getByRole('list', { name: 'Outcomes of your renewals' }).getByRole('listitem');
    await card.getByText('£3.00/month, £36.00 a year').waitFor();
    const saved = (await card.getByText('£3.00/month, £36.00 a year').boundingBox())!;
    expect(saved.x + saved.width).toBeLessThanOrEqual(390);
    await savings.getByRole('img', { name: /Money saved by year and category/ }).waitFor();
    await savings.scrollIntoViewIfNeeded();
    if (process.env.SCREENSHOT_DIR)
      await savings.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, 'savings-390.png') });
    await page.context().close();
  });

  it('shows the savings chart with a scale, and the ledger as a table beside it, at 1280', async () => {
    const page = await signedInPage(user, 1280);
    const savings = page.getByRole('region', { name: 'Your savings' });
    await savings.getByRole('table', { name: 'Outcomes of your renewals' }).waitFor();
    await savings.getByText('£3.00/month, £36.00 a year').waitFor();
    // A scale from £0 and each bar's total.
    expect(await savings.locator('.savings-tick-label').allTextContents()).toContain('£0');
    await savings.locator('.savings-bar-total', { hasText: '£36' }).waitFor();
    const chart = (await savings.locator('.savings-chart').boundingBox())!;
    const ledger = (await savings.getByRole('table', { name: 'Outcomes of your renewals' }).boundingBox())!;
    expect(ledger.x).toBeGreaterThan(chart.x + chart.width - 1);
    if (process.env.SCREENSHOT_DIR)
      await savings.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, 'savings-1280.png') });
    await expectAccessible(page, 'the dashboard with savings at 1280');
    await page.context().close();
  });

  it('asks one question first; each answer shows only its fields; a link pre-selects one; a blank saving counts as £0', async () => {
    const page = await signedInPage(user, 390, `/savings/${ids['Broadband']}?choice=cancelled`);
    await page.getByRole('heading', { name: 'How did you do?' }).waitFor();
    expect(await page.getByLabel('I cancelled it').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Record cancellation' }).waitFor();
    expect(await page.getByLabel('Next renewal date').count()).toBe(0);
    await page.getByLabel('I switched').check();
    for (const label of ['Next renewal date', 'New provider', 'New price (£)', 'Amount saved (£)'])
      await page.getByLabel(label).waitFor();
    await page.getByLabel('I haggled a better price').check();
    expect(await page.getByLabel('New provider').count()).toBe(0);
    await page.getByLabel('New price (£)').waitFor();
    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({
        path: path.join(process.env.SCREENSHOT_DIR, 'outcome-390.png'),
        fullPage: true,
      });
    }
    await expectAccessible(page, 'the outcome page, haggled');
    // Nothing typed as the saving: it counts as £0, a renewal with no saving.
    await page.getByRole('button', { name: 'Record Savings' }).click();
    await toast(page, 'Thanks for letting us know you renewed.').waitFor();

    // Cancelling needs nothing more; the reminder then leaves the list.
    await page.goto(`${stack.appUrl}/savings/${ids['Mortgage deal']}`);
    await page.getByLabel('I cancelled it').check();
    await page.getByRole('button', { name: 'Record cancellation' }).click();
    await toast(page, 'Thanks for letting us know you cancelled it.').waitFor();
    await page.waitForURL(/\/dashboard$/, { timeout: 5000 });
    await page.getByRole('region', { name: 'Summary' }).waitFor();
    await expect(page.locator('.reminder-link').allTextContents()).resolves.not.toContain('Mortgage deal');
    await page.context().close();
  });

  it('the reminder dialog at 1280×800: two columns, its title and buttons in view while the fields scroll', async () => {
    const page = await signedInPage(user, 1280);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Add Reminder' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'More options' }).click();
    const box = (await dialog.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(800 * 0.9 + 1);
    const title = (await dialog.getByRole('heading', { name: 'Add New Reminder' }).boundingBox())!;
    const create = (await dialog.getByRole('button', { name: 'Create Reminder' }).boundingBox())!;
    expect(title.y).toBeGreaterThanOrEqual(box.y);
    expect(create.y + create.height).toBeLessThanOrEqual(box.y + box.height);
    // Title and Category side by side.
    const titleField = (await dialog.getByLabel(/^Title/).boundingBox())!;
    const categoryField = (await dialog.getByLabel(/^Category/).boundingBox())!;
    expect(categoryField.y).toBe(titleField.y);
    await dialog.getByLabel(/^Remind me/).scrollIntoViewIfNeeded();
    expect((await dialog.getByRole('heading', { name: 'Add New Reminder' }).boundingBox())!.y).toBe(title.y);
    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, 'dialog-1280.png') });
    }
    await expectAccessible(page, 'the reminder dialog at 1280');
    await page.context().close();
  });
});

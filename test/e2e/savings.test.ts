/**
 * The savings outcome page and the dashboard around it, in Chromium at 390 px (the page's axe check
 * and its layout at both 390 and 1280 px are in a11y.test.ts, which opens it at each): a mailed
 * link survives the sign-in redirect, the amount rules, both outcomes with their toasts and the
 * 2-second redirect, the banner total, one outcome per renewal (a second answer replaces the first),
 * not found / another user's reminder, and the load and save failures. Also the dashboard's
 * founding-member note and Admin button.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { answerAgainIfAnswered, toast, useE2e } from '../support/e2e.ts';
import { addReminder, api, createUser, type TestUser } from '../support/stack.ts';

const { stack, newPage, signIn, signedInPage } = useE2e();
let other: TestUser;
let otherReminderId: string;

/** An insurance reminder of `user`'s, with an amount. */
const insurance = (user: TestUser, title: string) =>
  addReminder(stack, user, {
    title,
    category: 'insurance',
    provider: 'Direct Line',
    renewal_date: '2026-01-15',
    amount: 480,
  });

beforeAll(async () => {
  other = await createUser(stack, { label: 'other' });
  otherReminderId = await insurance(other, 'Someone else’s broadband');
});

// One width keeps the suite fast: what follows is behaviour (rules, toasts, redirects), not layout.
describe.each([390] as const)('savings at %i px', (width) => {
  let user: TestUser;
  let reminderId: string;
  let secondId: string;
  beforeAll(async () => {
    user = await createUser(stack, { label: `savings${width}` });
    reminderId = await insurance(user, 'Car insurance');
    secondId = await insurance(user, 'Home insurance');
  });

  it('comes back after sign-in, validates the amount, records savings and shows the banner', async () => {
    const page = await newPage(width);
    // Signed out, from the mailed link: /auth, then back to the savings page.
    await page.goto(`${stack.appUrl}/savings/${reminderId}`);
    await page.waitForURL(/\/auth\?redirect=/);
    await signIn(page, user, { goto: false, waitFor: new RegExp(`/savings/${reminderId}$`) });
    await page.getByRole('heading', { name: 'How did you do?' }).waitFor();
    await page.getByText('Car insurance', { exact: true }).waitFor();
    expect(await page.title()).toBe('How did you do? | Renewal Reminders');

    // A renewal date in the past reads 'renewed'.
    await page.getByText('renewed 15/01/2026').waitFor();
    // Answered by an earlier step, the page shows the answer first, with 'Change your answer'.
    await answerAgainIfAnswered(page);

    await page.getByLabel('I haggled a better price').check();
    const amount = page.getByLabel('Amount saved (£)');
    const submit = page.getByRole('button', { name: 'Record Savings' });
    // Letters are kept as typed and refused with the message, never silently dropped. (Each of the
    // amount rules and its message is in test/web/savings-form.test.tsx; here, that the real page
    // shows one and saves nothing.)
    await amount.pressSequentially('12abc');
    expect(await amount.inputValue()).toBe('12abc');
    await submit.click();
    await page.getByText('Please enter a valid amount with max 2 decimal places').waitFor();
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    expect((await api(stack, user.accessToken)('GET', '/api/savings')).json?.total).toBe(0);

    await amount.fill('125.5');
    // The redirect's 2 s count from the saved answer: timed from its response, so a busy machine's
    // slow toasts cannot eat into them.
    const answered = page.waitForResponse(
      (r) => r.url().endsWith(`/api/reminders/${reminderId}/savings`) && r.request().method() === 'POST',
    );
    await submit.click();
    await answered;
    const saved = Date.now();
    await toast(page, 'Thank you!').waitFor();
    await toast(page, 'Great job saving £125.50!').waitFor();
    await page.waitForURL(/\/dashboard$/, { timeout: 5000 });
    expect(Date.now() - saved).toBeGreaterThan(1500);
    await page.getByText("You've reported saving £125.50!").waitFor();
    await page.getByText('Keep tracking your renewals to save even more.').waitFor();
    await page.context().close();
  });

  it('records a renewal with no savings; the total stays the same', async () => {
    const page = await signedInPage(user, width, `/savings/${secondId}`);
    await page.getByText('Home insurance', { exact: true }).waitFor();
    await page.getByLabel('I renewed as is').check();
    await page.getByRole('button', { name: 'I Renewed (No Savings)' }).click();
    await toast(page, 'Thanks for letting us know you renewed.').waitFor();
    await page.waitForURL(/\/dashboard$/, { timeout: 5000 });
    await page.getByText("You've reported saving £125.50!").waitFor();

    // Back to Dashboard.
    await page.goto(`${stack.appUrl}/savings/${secondId}`);
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.context().close();
  });

  it('treats unknown and other users’ reminders as not found', async () => {
    const page = await signedInPage(user, width);
    // A renewal still ahead reads 'renews'.
    const ahead = await addReminder(stack, user, {
      title: 'Broadband',
      category: 'broadband_mobile',
      provider: 'BT',
      renewal_date: '2099-03-01',
    });
    await page.goto(`${stack.appUrl}/savings/${ahead}`);
    await page.getByText('renews 01/03/2099').waitFor();
    // No id at all: the dashboard.
    await page.goto(`${stack.appUrl}/savings/`);
    await page.waitForURL(/\/dashboard$/);

    for (const id of [otherReminderId, '7d9f4a8e-2b1c-4e5f-9a0b-1c2d3e4f5a6b', 'not-a-uuid']) {
      await page.goto(`${stack.appUrl}/savings/${id}`);
      await toast(page, 'Reminder not found').first().waitFor();
      await toast(page, "The reminder you're looking for doesn't exist.").first().waitFor();
      await page.waitForURL(/\/dashboard$/);
    }
    await page.context().close();
  });

  it('shows the load and save failures', async () => {
    const page = await signedInPage(user, width);
    // A fake clock (ticking with real time until moved on): the redirect delay can pass at once.
    await page.clock.install();
    await page.route(`**/api/reminders/${reminderId}`, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await page.goto(`${stack.appUrl}/savings/${reminderId}`);
    await toast(page, 'Failed to load reminder details').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/savings/${reminderId}`);
    await page.unroute(`**/api/reminders/${reminderId}`);

    await page.route(`**/api/reminders/${reminderId}/savings`, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await page.getByRole('button', { name: 'Try again' }).click();
    // Answered by an earlier step, the page shows the answer first, with 'Change your answer'.
    await answerAgainIfAnswered(page);
    await page.getByLabel('I haggled a better price').check();
    await page.getByLabel('Amount saved (£)').fill('20');
    await page.getByRole('button', { name: 'Record Savings' }).click();
    await toast(page, 'Failed to record your response').waitFor();
    // Past the 2 s after which a recorded outcome goes to the dashboard, a failed one stays.
    await page.clock.fastForward(2500);
    expect(await page.evaluate<string>('location.pathname')).toBe(`/savings/${reminderId}`);
    expect(new URL(page.url()).pathname).toBe(`/savings/${reminderId}`);
    await page.context().close();
  });
});

// One width: the savings page's layout is covered at both above; this is about what is recorded.
describe('one outcome per renewal', () => {
  it('records one outcome per renewal: opened again, it shows the answer, which its author may change', async () => {
    const owner = await createUser(stack, { label: 'twice' });
    const id = await insurance(owner, 'Pet insurance');
    const page = await signedInPage(owner, 390, `/savings/${id}`);
    await page.getByText('Pet insurance', { exact: true }).waitFor();
    // Nothing recorded yet for this renewal.
    expect(await page.getByText(/logged this on/).count()).toBe(0);

    const report = async (amount: string) => {
      // Answered by an earlier step, the page shows the answer first, with 'Change your answer'.
      await answerAgainIfAnswered(page);
      await page.getByLabel('I haggled a better price').check();
      await page.getByLabel('Amount saved (£)').fill(amount);
      await page.getByRole('button', { name: 'Record Savings' }).click();
      await toast(page, 'Thank you!').last().waitFor();
      await page.waitForURL(/\/dashboard$/, { timeout: 5000 });
    };
    await report('40');
    await page.getByText("You've reported saving £40.00!").waitFor();

    // The same reminder's page again: the answer on record and no form, until 'Change your answer'.
    await page.goto(`${stack.appUrl}/savings/${id}`);
    const recorded = page.getByRole('status').filter({ hasText: 'You logged this on' });
    await recorded.waitFor();
    // The day of the answer in the user's own zone (a new profile's: London), as dd/MM/yyyy.
    const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London' }).format(new Date());
    expect(await recorded.innerText()).toBe(
      `You logged this on ${today}: haggled a better price, £40.00 saved`,
    );
    expect(await page.getByRole('radio').count()).toBe(0);
    await page.getByRole('button', { name: 'Change your answer' }).click();
    await report('25');
    // Replaced, not added to: £25.00, never £65.00.
    await page.getByText("You've reported saving £25.00!").waitFor();
    expect(await page.getByText('£65.00').count()).toBe(0);
    expect((await api(stack, owner.accessToken)('GET', '/api/savings')).json?.total).toBe(25);

    await page.goto(`${stack.appUrl}/savings/${id}`);
    await page.getByText(/^You logged this on .*: haggled a better price, £25\.00 saved$/).waitFor();
    await page.context().close();
  });
});

describe('dashboard extras', () => {
  it('shows no banner at £0, the founding-member note, and the Admin button only to admins', async () => {
    const admin = await createUser(stack, { admin: true, label: 'dashadmin' });
    const page = await signedInPage(admin, 1280);
    await page.getByText('No reminders yet. Add your first reminder to start saving money!').waitFor();
    expect(await page.getByText(/You've reported saving/).count()).toBe(0);
    await page.getByText('Founding member: free for life').waitFor();
    await page.getByRole('link', { name: 'Admin' }).click();
    await page.waitForURL(/\/admin$/);
    await page.context().close();

    const regular = await signedInPage(other, 390);
    await regular.getByRole('heading', { name: 'Your Reminders' }).waitFor();
    expect(await regular.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    expect(await regular.getByRole('button', { name: /account menu/i }).innerText()).toBe('T');
    await regular.context().close();
  });
});

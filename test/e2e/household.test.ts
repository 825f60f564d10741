/**
 * Households in Chromium, two people in two browser contexts: one invites from Settings' 'Household'
 * card, the other follows the mailed link signed out (Sign Up opens, naming the inviter, with the
 * address filled in), signs in, comes back to the join page and joins; both then see each other listed. The first adds a mortgage, 'Shared with household' ticked
 * by default; it shows 'Shared' on both dashboards; the second takes it on ('Who deals with it?':
 * 'You') and both see who deals with it. Every screen is checked with axe and for sideways scrolling
 * at 390 and 1280 px (SCREENSHOT_DIR keeps PNGs).
 *
 * Then the trial's household answering one renewal twice: both open 'How did it go?' for their
 * shared home insurance; Alice logs a switch; Bob, his form still open, sends his own answer and is
 * told Alice logged it, with what and when; opened again, his page shows her answer and no form.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { inviteAndJoin, tokenIn } from '../support/household.ts';
import { todayIn } from '#shared/dates.ts';
import { addDays } from '#shared/reminder/schedule.ts';
import { expectAccessibleAtWidths, screenshots, toast, useE2e } from '../support/e2e.ts';
import { DEFAULT_COUNTRY, DEFAULT_TIMEZONE } from '#shared/locales.ts';
import { addReminder, api, createUser, mailsTo, type TestUser } from '../support/stack.ts';

const { stack, url, signedInPage, newPage, signIn } = useE2e();

/** The reminder titled `title` in the dashboard's list: a table row wide, a card on a phone. */
const reminderRow = (page: Page, title: string) =>
  page.locator('tr, li.reminder-card').filter({ has: page.getByRole('link', { name: title, exact: true }) });

/** A member adds a mortgage: shared by default; on their dashboard it is badged, and in 'Shared'. */
async function shareAMortgage(page: Page) {
  await page.goto(url('/dashboard'));
  await page.getByRole('button', { name: 'Add Reminder', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Reminder' });
  await dialog.getByLabel('Title *').fill('Mortgage');
  await dialog.getByLabel('Provider *').fill('Nationwide');
  await dialog.getByLabel('Deal ends *').fill('2030-09-30');
  expect(await dialog.getByRole('checkbox', { name: 'Shared with household' }).isChecked()).toBe(true);
  expect(await dialog.getByLabel('Who deals with it?').inputValue()).toBe('');
  await expectAccessibleAtWidths(page, 'the dialog of a shared reminder', { overflow: true });
  await screenshots(page, 'shared-dialog');
  await dialog.getByRole('button', { name: 'Create Reminder' }).click();
  await toast(page, 'Reminder created successfully').waitFor();
  await reminderRow(page, 'Mortgage').getByText('Shared', { exact: true }).waitFor();
  await page.getByRole('group', { name: 'Show' }).getByRole('radio', { name: 'Shared' }).check();
  await page.waitForURL(/\/dashboard\?show=shared$/);
  await reminderRow(page, 'Mortgage').waitFor();
  await expectAccessibleAtWidths(page, 'the dashboard showing shared reminders', { overflow: true });
  await screenshots(page, 'shared-dashboard');
}

/** The other member finds it on their dashboard and takes it on ('Who deals with it?': 'You'). */
async function takeItOn(page: Page) {
  await page.goto(url('/dashboard'));
  await reminderRow(page, 'Mortgage').getByText('Shared', { exact: true }).waitFor();
  await page.getByRole('link', { name: 'Mortgage', exact: true }).click();
  await page.getByRole('heading', { name: 'Mortgage', level: 1 }).waitFor();
  await page.getByText('Added by Test').waitFor();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Reminder' });
  await dialog.getByLabel('Who deals with it?').selectOption({ label: 'You' });
  await dialog.getByRole('button', { name: 'Update Reminder' }).click();
  await toast(page, 'Reminder updated successfully').waitFor();
  await page.getByText('Deals with it: You').waitFor();
  await page.getByText('Added by Test · Last changed by You').waitFor();
  await expectAccessibleAtWidths(page, 'a shared reminder', { overflow: true });
  await screenshots(page, 'shared-reminder-page');
}

describe('households', () => {
  /** A user with a first name, for the lines that name who did what. */
  async function named(firstName: string): Promise<TestUser> {
    const user = await createUser(stack, { label: `household-${firstName.toLowerCase()}` });
    const profile = { country: DEFAULT_COUNTRY, timezone: DEFAULT_TIMEZONE, marketing_consent: false };
    const response = await api(stack, user.accessToken)('PUT', '/api/me', {
      first_name: firstName,
      ...profile,
    });
    expect(response.status).toBe(200);
    return user;
  }

  it('takes one answer per renewal: the second member to answer is told who logged it', async () => {
    const [alice, bob] = await Promise.all([named('Alice'), named('Bob')]);
    await inviteAndJoin(stack, { userId: alice.sub }, { userId: bob.sub, email: bob.email });
    // Renewed three days ago: both are asked how it went.
    const id = await addReminder(stack, alice, {
      title: 'Home insurance',
      category: 'insurance',
      provider: 'Aviva',
      renewal_date: addDays(todayIn('Europe/London'), -3),
      amount: 400,
      notes: null,
      repeats: 'yearly',
      shared: true,
    });
    const [alicePage, bobPage] = await Promise.all([
      signedInPage(alice, 390, `/savings/${id}`),
      signedInPage(bob, 1280, `/savings/${id}`),
    ]);
    for (const page of [alicePage, bobPage]) await page.getByLabel('I switched').waitFor();

    await alicePage.getByLabel('I switched').check();
    await alicePage.getByLabel('New provider').fill('Direct Line');
    await alicePage.getByLabel(/^New price/).fill('335.80');
    await alicePage.getByLabel(/^Amount saved/).fill('64.20');
    await expectAccessibleAtWidths(alicePage, 'a shared renewal’s outcome', { overflow: true });
    await alicePage.getByRole('button', { name: 'Record Savings' }).click();
    await toast(alicePage, 'Thank you!').waitFor();

    // Bob's form was open all along: his answer is refused, naming Alice, and hers is shown.
    const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London' }).format(new Date());
    const hers = `Alice logged this on ${today}: switched, £64.20 saved`;
    await bobPage.getByLabel('I haggled a better price').check();
    await bobPage.getByLabel(/^Amount saved/).fill('30');
    await bobPage.getByRole('button', { name: 'Record Savings' }).click();
    await toast(bobPage, 'Not recorded').waitFor();
    const answered = bobPage.getByRole('status').filter({ hasText: 'logged this on' });
    expect(await answered.innerText()).toBe(hers);
    expect(await bobPage.getByRole('radio').count()).toBe(0);
    await expectAccessibleAtWidths(bobPage, 'a renewal another member answered', { overflow: true });
    await screenshots(bobPage, 'household-answered');

    // Opened again by a link naming no renewal (an older mail's, or the dashboard's): her answer, no
    // blank form for next year's renewal, and one saving in the household.
    await bobPage.goto(url(`/savings/${id}`));
    expect(await answered.innerText()).toBe(hers);
    expect(await bobPage.getByRole('button', { name: 'Record Savings' }).count()).toBe(0);
    // The next renewal can still be told about (a switch made early), when asked for.
    await bobPage.getByRole('button', { name: /^Tell us about the renewal on / }).click();
    await bobPage.getByLabel('I switched').waitFor();
    const savings = (await api(stack, bob.accessToken)('GET', '/api/savings')).json;
    expect([savings?.total, savings?.household_total]).toEqual([0, 64.2]);
    await alicePage.context().close();
    await bobPage.context().close();
  });

  it("splits a shared bill by 'Who pays?': each member's summary counts their share", async () => {
    const [alice, bob] = await Promise.all([named('Alice'), named('Bob')]);
    await inviteAndJoin(stack, { userId: alice.sub }, { userId: bob.sub, email: bob.email });
    const household = (await api(stack, alice.accessToken)('GET', '/api/household/me')).json as {
      household: { members: { membership_id: string; is_you: boolean }[] };
    };
    const [me, them] = [true, false].map(
      (you) => household.household.members.find((m) => m.is_you === you)!.membership_id,
    );
    await addReminder(stack, alice, {
      title: 'Mortgage',
      category: 'mortgage',
      provider: 'Nationwide',
      renewal_date: addDays(todayIn('Europe/London'), 400),
      amount: 1150,
      notes: null,
      billing: 'monthly',
      date_kind: 'deal_end',
      shared: true,
      who_pays: {
        split: 'amounts',
        shares: [
          { member: me, amount: 600 },
          { member: them, amount: 550 },
        ],
      },
    });
    const summary = (page: Page) => page.getByRole('region', { name: 'Summary' });
    const [alicePage, bobPage] = await Promise.all([signedInPage(alice, 1280), signedInPage(bob, 390)]);
    await summary(alicePage)
      .getByText('Your share: £7,200.00 a year · Household: £13,800.00 a year')
      .waitFor();
    await summary(bobPage).getByText('Your share: £6,600.00 a year · Household: £13,800.00 a year').waitFor();
    await expectAccessibleAtWidths(bobPage, 'the summary with a share', { overflow: true });
    await screenshots(bobPage, 'household-share-summary');

    await bobPage.getByRole('link', { name: 'Mortgage', exact: true }).first().click();
    await bobPage.getByText('Alice £600.00; You £550.00').waitFor();
    await bobPage.getByText('£550.00/month', { exact: true }).waitFor();
    await expectAccessibleAtWidths(bobPage, 'a shared bill’s page with who pays', { overflow: true });
    await screenshots(bobPage, 'household-share-page');
    await alicePage.context().close();
    await bobPage.context().close();
  });

  it('one invites, the other joins from the mailed link, both see each other and a shared mortgage', async () => {
    const [ann, bo] = await Promise.all([
      createUser(stack, { label: 'household-ann' }),
      createUser(stack, { label: 'household-bo' }),
    ]);
    // Bo by name, so the household's items can be seen to name them.
    const profile = { country: DEFAULT_COUNTRY, timezone: DEFAULT_TIMEZONE, marketing_consent: false };
    expect(
      (await api(stack, bo.accessToken)('PUT', '/api/me', { first_name: 'Bo', ...profile })).status,
    ).toBe(200);
    const owner = await signedInPage(ann, 1280, '/settings');
    const card = owner.getByRole('region', { name: 'Household' });
    await card.getByText('Share renewals with the people you live with.').waitFor();
    await card.getByText('You are not in a household yet.', { exact: false }).waitFor();

    await card.getByRole('button', { name: 'Invite someone' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Invite to your household' });
    await dialog.getByLabel('Email').fill(bo.email);
    await dialog.getByLabel('Their name (optional)').fill('Bo');
    await expectAccessibleAtWidths(owner, 'the invitation dialog', { overflow: true });
    await screenshots(owner, 'household-invite-dialog');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await toast(owner, 'Invitation sent').waitFor();
    await toast(owner, `We've e-mailed ${bo.email}. The link works for 7 days.`).waitFor();
    // The sender sees the address they typed.
    const pending = card.getByRole('list', { name: 'Pending invitations' });
    await pending.getByText(bo.email).waitFor();
    await expectAccessibleAtWidths(owner, 'the card with a pending invitation', { overflow: true });
    await screenshots(owner, 'household-card-pending');

    // The other person, signed out in a browser of their own, follows the mail's link.
    const [mail] = await mailsTo(stack, bo.email).then((mails) =>
      mails.filter((m) => m.subject.endsWith('invited you to share renewals on Renewal Reminders')),
    );
    // Signed out, the link opens Sign Up, saying whose invitation it is, with Bo's address filled in
    // (from the link's fragment); Bo has an account, so signs in, and comes back to the join page.
    const href = /href="([^"]*\/household\/join\?token=[^"]*)"/.exec(mail?.body.html ?? '')?.[1];
    const link = new URL(href!.replaceAll('&amp;', '&'));
    expect(link.searchParams.get('token')).toBe(tokenIn(mail));
    const guest = await newPage(390);
    await guest.goto(url(`${link.pathname}${link.search}${link.hash}`));
    await guest.waitForURL(/\/auth\?redirect=/);
    await guest.getByText('Test invited you to share renewals').waitFor();
    expect(await guest.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');
    expect(await guest.getByLabel('Email').inputValue()).toBe(bo.email);
    await expectAccessibleAtWidths(guest, 'sign-up from an invitation', { overflow: true });
    await screenshots(guest, 'household-invited-sign-up');
    await guest.getByRole('tab', { name: 'Sign In' }).click();
    expect(await guest.getByLabel('Email').inputValue()).toBe(bo.email);
    await signIn(guest, bo, { goto: false, waitFor: /\/household\/join\?token=/ });
    await guest.getByRole('heading', { name: "Join Test's household?" }).waitFor();
    await expectAccessibleAtWidths(guest, 'the join page', { overflow: true });
    await screenshots(guest, 'household-join');
    await guest.getByRole('button', { name: 'Join household' }).click();
    await toast(guest, "You've joined Test's household").waitFor();
    await guest.waitForURL(/\/settings(\?share=1)?$/);

    const members = async (page: Page) =>
      (await page.getByRole('list', { name: 'Members' }).getByRole('listitem').allInnerTexts()).map((t) =>
        t.replace(/\s+/g, ' ').trim(),
      );
    const joinedCard = guest.getByRole('region', { name: 'Household' });
    await joinedCard.getByRole('button', { name: 'Leave household' }).waitFor();
    expect(await members(guest)).toEqual([
      `Test ${ann.email[0]}•••@example.com Owner`,
      `Bo (you) ${bo.email[0]}•••@example.com Member`,
    ]);
    await expectAccessibleAtWidths(guest, 'the card of a member', { overflow: true });
    await screenshots(guest, 'household-card-member');

    await owner.reload();
    await card.getByRole('button', { name: 'Remove Bo' }).waitFor();
    expect(await members(owner)).toEqual([
      `Test (you) ${ann.email[0]}•••@example.com Owner`,
      `Bo ${bo.email[0]}•••@example.com Member Remove`,
    ]);
    expect(await card.getByRole('list', { name: 'Pending invitations' }).count()).toBe(0);
    await screenshots(owner, 'household-card-owner');

    await shareAMortgage(owner);
    await takeItOn(guest);
    // The first sees who deals with it now.
    await owner.reload();
    await reminderRow(owner, 'Mortgage').getByText('Deals with it: Bo').waitFor();
    await owner.context().close();
    await guest.context().close();
  });
});

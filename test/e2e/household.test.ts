/**
 * Households in Chromium, two people in two browser contexts: one invites from Settings' 'Household'
 * card, the other follows the mailed link signed out, signs in, comes back to the join page and
 * joins; both then see each other listed. Every screen is checked with axe and for sideways
 * scrolling at 390 and 1280 px (SCREENSHOT_DIR keeps PNGs). Later parts add the shared mortgage.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { tokenIn } from '../support/household.ts';
import { expectAccessibleAtWidths, toast, useE2e, WIDTHS } from '../support/e2e.ts';
import { createUser, mailsTo } from '../support/stack.ts';

const { stack, signedInPage, newPage, signInVia } = useE2e();

async function screenshots(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  const own = page.viewportSize();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  if (own) await page.setViewportSize(own);
}

describe('households', () => {
  it('one invites, the other joins from the mailed link, and both see each other', async () => {
    const [ann, bo] = await Promise.all([
      createUser(stack, { label: 'household-ann' }),
      createUser(stack, { label: 'household-bo' }),
    ]);
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
    const pending = card.getByRole('list', { name: 'Pending invitations' });
    await pending.getByText(`${bo.email[0]}•••@example.com`).waitFor();
    await expectAccessibleAtWidths(owner, 'the card with a pending invitation', { overflow: true });
    await screenshots(owner, 'household-card-pending');

    // The other person, signed out in a browser of their own, follows the mail's link.
    const [mail] = await mailsTo(stack, bo.email).then((mails) =>
      mails.filter((m) => m.subject.endsWith('invited you to share renewals on Renewal Reminders')),
    );
    const link = new URL(`/household/join?token=${tokenIn(mail)}`, stack.appUrl);
    const guest = await newPage(390);
    await signInVia(guest, `${link.pathname}${link.search}`, bo);
    await guest.getByRole('heading', { name: "Join Test's household?" }).waitFor();
    await expectAccessibleAtWidths(guest, 'the join page', { overflow: true });
    await screenshots(guest, 'household-join');
    await guest.getByRole('button', { name: 'Join household' }).click();
    await toast(guest, "You've joined Test's household").waitFor();
    await guest.waitForURL(/\/settings$/);

    const members = async (page: Page) =>
      (await page.getByRole('list', { name: 'Members' }).getByRole('listitem').allInnerTexts()).map((t) =>
        t.replace(/\s+/g, ' ').trim(),
      );
    const joinedCard = guest.getByRole('region', { name: 'Household' });
    await joinedCard.getByRole('button', { name: 'Leave household' }).waitFor();
    expect(await members(guest)).toEqual([
      `Test ${ann.email[0]}•••@example.com Owner`,
      `Test (you) ${bo.email[0]}•••@example.com Member`,
    ]);
    await expectAccessibleAtWidths(guest, 'the card of a member', { overflow: true });
    await screenshots(guest, 'household-card-member');

    await owner.reload();
    await card.getByRole('button', { name: 'Remove Test' }).waitFor();
    expect(await members(owner)).toEqual([
      `Test (you) ${ann.email[0]}•••@example.com Owner`,
      `Test ${bo.email[0]}•••@example.com Member Remove`,
    ]);
    expect(await card.getByRole('list', { name: 'Pending invitations' }).count()).toBe(0);
    await screenshots(owner, 'household-card-owner');
    await owner.context().close();
    await guest.context().close();
  });
});

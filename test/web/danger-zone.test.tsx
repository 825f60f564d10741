/**
 * Settings' 'Delete Account' says what deletion does to the household, as the deletion does it: the
 * caller leaves it, its shared reminders stay with the other members, and a household whose only
 * member this is goes with the account.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Household } from '#shared/household.ts';
import { householdQueryKey } from '../../web/src/api/get-household.ts';
import { DangerZone } from '../../web/src/features/settings/components/DangerZone.tsx';
import { IN_HOUSEHOLD, MEMBERS, NO_HOUSEHOLD } from './fixtures.ts';
import { renderWithClient } from './render.tsx';

async function warningWith(household: { household: Household | null }): Promise<string> {
  renderWithClient(
    <MemoryRouter>
      <DangerZone />
    </MemoryRouter>,
    [[householdQueryKey, household]],
  );
  await userEvent.setup().click(screen.getByRole('button', { name: 'Delete Account' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete Account' });
  return dialog.querySelector('.muted')?.textContent ?? '';
}

const PERMANENT =
  'Are you sure you want to delete your account? This action is permanent and cannot be undone.';

describe("'Delete Account'", () => {
  it('in a household with others: you leave it, and its shared reminders stay with them', async () => {
    expect(await warningWith(IN_HOUSEHOLD)).toBe(
      `${PERMANENT} Your own reminders and data will be permanently removed. You leave your household: the reminders shared with it stay with its other members.`,
    );
  });

  it("as a household's only member: the household and its shared reminders go too", async () => {
    const alone = { household: { is_owner: true, members: [MEMBERS[0]!], invitations: [] } };
    expect(await warningWith(alone)).toBe(
      `${PERMANENT} Your reminders and data will be permanently removed. You are the only member of your household, so it is deleted too, with the reminders shared in it.`,
    );
  });

  it('outside a household: everything is removed, and no household is mentioned', async () => {
    expect(await warningWith(NO_HOUSEHOLD)).toBe(
      `${PERMANENT} All your reminders and data will be permanently removed.`,
    );
  });
});

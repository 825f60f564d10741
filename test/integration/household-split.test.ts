/**
 * 'Who pays?' on a shared reminder, on the local stand-ins: a split naming members of the household
 * is kept and read by every member; one naming anyone else, on a reminder of one's own, or with
 * shares that do not add up, is a 400 that changes nothing; a departed member's split reads equal.
 */
import { describe, expect, it } from 'vitest';
import type { Reminder } from '../../shared/api.ts';
import { membershipOf } from '../../lambdas/store/households/index.ts';
import { leave } from '../../lambdas/features/household/members.ts';
import { expectFieldErrors, useTestStack } from '../support/fixtures.ts';
import { inviteAndJoin } from '../support/household.ts';
import { api, createUser } from '../support/stack.ts';

const stack = useTestStack();

const MORTGAGE = {
  title: 'Mortgage',
  category: 'mortgage',
  provider: 'Nationwide',
  renewal_date: '2031-09-30',
  amount: 1150,
  notes: null,
  billing: 'monthly',
  date_kind: 'deal_end',
  shared: true,
};

/** Alice and Bob in one household; a stranger in a household of their own, with a partner. */
async function household() {
  const [alice, bob, stranger, partner] = await Promise.all(
    ['split-alice', 'split-bob', 'split-stranger', 'split-partner'].map((label) =>
      createUser(stack, { label }),
    ),
  );
  await inviteAndJoin(stack, { userId: alice!.sub }, { userId: bob!.sub, email: bob!.email });
  await inviteAndJoin(stack, { userId: stranger!.sub }, { userId: partner!.sub, email: partner!.email });
  const [a, b] = await Promise.all([membershipOf(alice!.sub), membershipOf(bob!.sub)]);
  return {
    alice: alice!,
    bob: bob!,
    stranger: stranger!,
    ids: { alice: a!.membership_id, bob: b!.membership_id },
  };
}

describe("a shared reminder's 'Who pays?'", () => {
  it('is kept as given and read alike by every member; a departed member’s split reads equal', async () => {
    const { alice, bob, ids } = await household();
    const shares = [
      { member: ids.alice, amount: 600 },
      { member: ids.bob, amount: 550 },
    ];
    const created = await api(stack, alice.accessToken)('POST', '/api/reminders', {
      ...MORTGAGE,
      who_pays: { split: 'amounts', shares },
    });
    expect(created.status).toBe(201);
    const id = (created.json as { reminder: Reminder }).reminder.id;
    const read = async (token: string) =>
      ((await api(stack, token)('GET', `/api/reminders/${id}`)).json as { reminder: Reminder } | undefined)
        ?.reminder;
    expect((await read(bob.accessToken))?.who_pays).toEqual({ split: 'amounts', shares });

    await leave(bob.sub);
    expect((await read(alice.accessToken))?.who_pays).toBeNull();
  });

  it('refuses a payer from outside the household, a split of one’s own, and shares that do not add up', async () => {
    const { alice, stranger } = await household();
    const outsider = (await membershipOf(stranger.sub))!.membership_id;
    const post = (body: Record<string, unknown>) =>
      api(stack, alice.accessToken)('POST', '/api/reminders', body);

    expectFieldErrors(await post({ ...MORTGAGE, who_pays: { split: 'member', member: outsider } }), {
      who_pays: ['Choose who pays from your household'],
    });
    expectFieldErrors(await post({ ...MORTGAGE, shared: false, who_pays: { split: 'equal' } }), {
      who_pays: ['Only a shared reminder is split'],
    });
    const alone = [{ member: outsider, amount: 1000 }];
    expectFieldErrors(await post({ ...MORTGAGE, who_pays: { split: 'amounts', shares: alone } }), {
      who_pays: ['The shares add up to £1,000.00, not £1,150.00'],
    });
    const list = await api(stack, alice.accessToken)('GET', '/api/reminders');
    expect((list.json as { reminders: Reminder[] }).reminders).toEqual([]);
  });
});

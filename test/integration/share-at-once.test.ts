/**
 * 'Share these with your household?' on the local stand-ins: the reminders chosen move into the
 * household at once and every member sees them; the rest stay the caller's own; another member's
 * reminder, a cancelled one or an unknown id is skipped and counted, never shared; outside a
 * household it is refused.
 */
import { describe, expect, it } from 'vitest';
import type { Reminder } from '../../shared/api.ts';
import { useTestStack } from '../support/fixtures.ts';
import { inviteAndJoin } from '../support/household.ts';
import { addReminder, api, createUser, type TestUser } from '../support/stack.ts';

const stack = useTestStack();

const listOf = async (user: TestUser) =>
  ((await api(stack, user.accessToken)('GET', '/api/reminders')).json as { reminders: Reminder[] }).reminders;

const reminder = (title: string, category: string) => ({
  title,
  category,
  provider: 'Acme',
  renewal_date: '2031-05-01',
  amount: 100,
  notes: null,
});

describe('sharing several reminders at once', () => {
  it('moves the chosen ones into the household, and only those that are the caller’s', async () => {
    const alice = await createUser(stack, { label: 'alice' });
    const bob = await createUser(stack, { label: 'bob' });
    const mortgage = await addReminder(stack, bob, reminder('Mortgage', 'mortgage'));
    const insurance = await addReminder(stack, bob, reminder('Home insurance', 'insurance'));
    const netflix = await addReminder(stack, bob, reminder('Netflix', 'subscriptions'));
    const alicesOwn = await addReminder(stack, alice, reminder('Alice’s car', 'insurance'));
    const share = (user: TestUser, ids: string[]) =>
      api(stack, user.accessToken)('POST', '/api/household/share', { ids });

    // Not in a household yet: nothing to share with.
    expect((await share(bob, [mortgage])).status).toBe(409);

    await inviteAndJoin(stack, { userId: alice.sub }, { userId: bob.sub, email: bob.email });
    const response = await share(bob, [mortgage, insurance, alicesOwn, mortgage, crypto.randomUUID()]);
    expect(response.status, response.text).toBe(200);
    // Each id once: the two of Bob's shared; Alice's and the unknown one skipped.
    expect(response.json).toEqual({ shared: 2, skipped: 2 });

    const bobs = await listOf(bob);
    expect(
      bobs
        .filter((r) => r.shared)
        .map((r) => r.title)
        .sort(),
    ).toEqual(['Home insurance', 'Mortgage']);
    expect(bobs.find((r) => r.id === netflix)?.shared).toBe(false);
    const alices = await listOf(alice);
    expect(
      alices
        .filter((r) => r.shared)
        .map((r) => r.title)
        .sort(),
    ).toEqual(['Home insurance', 'Mortgage']);
    // Alice's own stayed hers alone.
    expect(alices.find((r) => r.title === 'Alice’s car')?.shared).toBe(false);
    expect(bobs.some((r) => r.title === 'Alice’s car')).toBe(false);

    // Shared already: asked again, nothing moves.
    expect((await share(bob, [mortgage])).json).toEqual({ shared: 0, skipped: 1 });
    expect((await share(bob, [])).status).toBe(400);
    expect((await share(bob, ['not-an-id'])).status).toBe(400);
  });
});

/**
 * The authorization matrix's preconditions (test/integration/authz-matrix.test.ts): the sample
 * request bodies, and for each route that needs one a function making what it needs (a device, a
 * quote, an invitation, a member, a note, an inbox item...) owned by the given owner, or putting a
 * caller where the route can succeed, on the file's stack.
 */
import { invite } from '../../lambdas/features/household/invite.ts';
import { remove } from '../../lambdas/features/household/members.ts';
import {
  householdNotes,
  householdView,
  membershipOf,
  tellTakenBack,
} from '../../lambdas/store/households/index.ts';
import { pushDeviceId } from '../../shared/push.ts';
import { inviteAndJoin, latestToken } from './household.ts';
import { browserSubscription, stackPushService } from './push.ts';
import { seedUser } from './seed.ts';
import { addReminder, api, uniqueEmail, type TestStack, type TestUser } from './stack.ts';

/** The owner's reminder of each case: a broadband contract, so it has an end-of-contract notice. */
export const reminderBody = {
  title: 'Broadband',
  category: 'broadband_mobile',
  provider: 'BT',
  renewal_date: '2027-04-01',
  amount: 30,
  notes: null,
};

export const quoteBody = { provider: 'Sky', price: 25, quoted_on: '2027-03-01', notes: null };

export interface Sample {
  /** The request body, or a function making a new one per case. */
  body?: unknown;
  /** Run for the (fresh) caller before the request: puts them where the route can succeed. */
  prepare?: (caller: TestUser) => Promise<void>;
  success: number;
  /** The call ends the caller's account: each case gets a fresh user of its role. */
  consumesCaller?: boolean;
  /** Query string for the request, given the owner's user id. */
  query?: (ownerId: string) => Promise<string>;
  /** The {token} of the path, given the owner's user id. */
  token?: (ownerId: string) => Promise<string>;
  /** The {id} of the path, given the owner (a reminder of theirs when absent). */
  id?: (owner: TestUser) => Promise<string>;
  /** The {quoteId} of the path, given the owner and the reminder of the {id}. */
  quoteId?: (owner: TestUser, reminderId: string) => Promise<string>;
  /** The {kind} of the path (an alert channel). */
  kind?: string;
}

/** The preconditions on `stack` (read only once the file's stack is up, as every test does). */
export function authzFixtures(stack: TestStack) {
  /**
   * The owner's household: the owner and a member (who invites for the removal cases, so that neither
   * reaches the daily limit); each case's invitation or member is fresh, the ones before it cleared.
   */
  const household = {} as { member: { userId: string; email: string } };

  /** Makes the owner's household, with its member: run once, before the first case. */
  async function setUpHousehold(owner: TestUser): Promise<void> {
    household.member = await seedUser('member');
    await inviteAndJoin(stack, { userId: owner.sub }, household.member);
  }

  /** A push device of the owner's (on the fake push service), and its id. */
  async function ownerDevice(owner: TestUser): Promise<string> {
    const { input } = browserSubscription(stackPushService(stack).origin);
    const response = await api(stack, owner.accessToken)('POST', '/api/push/devices', input);
    if (response.status !== 201)
      throw new Error(`POST /api/push/devices: ${response.status} ${response.text}`);
    return pushDeviceId(input.endpoint);
  }

  /** A quote in the notebook of the owner's reminder, and its id. */
  async function ownerQuote(owner: TestUser, reminderId: string): Promise<string> {
    const response = await api(stack, owner.accessToken)(
      'POST',
      `/api/reminders/${reminderId}/quotes`,
      quoteBody,
    );
    if (response.status !== 201) throw new Error(`POST quotes: ${response.status} ${response.text}`);
    return (response.json as { quote: { id: string } }).quote.id;
  }

  /** A fresh pending invitation of the owner's household (the others cancelled first), and its id. */
  async function ownerInvitation(owner: TestUser): Promise<string> {
    const call = api(stack, owner.accessToken);
    for (const old of (await householdView(owner.sub))?.invitations ?? [])
      await call('DELETE', `/api/household/invitations/${old.id}`);
    const { invitation } = await invite(owner.sub, { email: uniqueEmail('invitee') });
    return invitation.id;
  }

  /** A fresh member of the owner's household (the other extra ones removed first), and their membership id. */
  async function ownerHouseholdMember(owner: TestUser): Promise<string> {
    for (const extra of (await householdView(owner.sub))?.members.slice(2) ?? [])
      await remove(owner.sub, extra.membership_id);
    const joiner = await seedUser('joiner');
    await inviteAndJoin(stack, household.member, joiner);
    return (await membershipOf(joiner.userId))!.membership_id;
  }

  /** A live invitation's token, from someone else's new household. */
  async function freshToken(): Promise<{ token: string }> {
    const host = await seedUser('host');
    const email = uniqueEmail('guest');
    await invite(host.userId, { email });
    return { token: await latestToken(stack, email) };
  }

  /** A new shared reminder of the owner's household (the owner shared it), for the owner to leave. */
  const ownerSharedReminder = (owner: TestUser) =>
    addReminder(stack, owner, { ...reminderBody, shared: true });

  /** A note in the owner's Household card (another member took a reminder back), and its id. */
  async function ownerNote(owner: TestUser): Promise<string> {
    const membership = (await membershipOf(owner.sub))!;
    await tellTakenBack(
      membership.household_id,
      [{ ...membership, user_id: owner.sub }],
      'another-member',
      'Broadband',
      new Date(),
    );
    return (await householdNotes(owner.sub)).notes[0]!.id;
  }

  /** The owner's reminder the last inbox item matched (found as the item is made). */
  let matched = '';

  /** An inbox item of the owner's, read from an upload about their Sky reminder (which it matches), and its id. */
  async function ownerInboxItem(owner: TestUser): Promise<string> {
    const call = api(stack, owner.accessToken);
    const list = await call('GET', '/api/reminders');
    matched = (list.json as { reminders: { id: string; provider: string }[] }).reminders.find(
      (r) => r.provider === reminderBody.provider,
    )!.id;
    const text = `${reminderBody.provider}: your contract renews on 1 March 2031 at £30.00 a month.`;
    const response = await call('POST', '/api/inbox-uploads', { kind: 'text', text });
    if (response.status !== 201)
      throw new Error(`POST /api/inbox-uploads: ${response.status} ${response.text}`);
    return (response.json as { item: { id: string } }).item.id;
  }

  /** Puts the caller in a household (someone's new one), so that they can leave it. */
  async function intoAHousehold(caller: TestUser): Promise<void> {
    await inviteAndJoin(stack, await seedUser('host'), { userId: caller.sub, email: caller.email });
  }

  /** The caller's own webhook, on the stack's receiver. */
  async function withWebhook(caller: TestUser): Promise<void> {
    const response = await api(stack, caller.accessToken)('PUT', '/api/channels/webhook', {
      url: `${stack.webhooks.url}/hooks/authz`,
    });
    if (response.status !== 200)
      throw new Error(`PUT /api/channels/webhook: ${response.status} ${response.text}`);
  }

  return {
    setUpHousehold,
    ownerDevice,
    ownerQuote,
    ownerInvitation,
    ownerHouseholdMember,
    freshToken,
    ownerSharedReminder,
    ownerNote,
    ownerInboxItem,
    matchedReminder: () => matched,
    intoAHousehold,
    withWebhook,
  };
}

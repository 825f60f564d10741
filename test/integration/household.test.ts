/**
 * Households on the local stand-ins (decision 0044): invite → join → both listed; every refusal of
 * a link (expired, used, cancelled, unknown), the 7th member, one household per person; five
 * invitations pending at most, two at once included; leave,
 * remove, the owner's leaving and account deletion, after which no household item or invitation
 * names the departed; the invitation mailed at most once when its request is retried.
 */
import { describe, expect, it } from 'vitest';
import { invite } from '../../lambdas/features/household/invite.ts';
import { join, leave, preview, remove } from '../../lambdas/features/household/members.ts';
import {
  householdView,
  membershipOf,
  pendingInvitations,
  cancelInvitation,
} from '../../lambdas/store/households/index.ts';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lambdas/runtime/clients.ts';
import { itemKey, tableName } from '../../lambdas/store/db.ts';
import {
  HOUSEHOLD_MEMBER_LIMIT,
  HOUSEHOLD_MESSAGES,
  HOUSEHOLD_PENDING_LIMIT,
} from '../../shared/messages.ts';
import { decodeLinkAddress, LINK_ADDRESS_PARAM } from '../../shared/linkSignIn.ts';
import { COUNTERS, HOUSEHOLD_PENDING_INVITATIONS, keys } from '../../shared/table.ts';
import { useTestStack } from '../support/fixtures.ts';
import { inviteAndJoin, latestToken } from '../support/household.ts';
import { seedUser } from '../support/seed.ts';
import { api, createUser, mailsTo } from '../support/stack.ts';
import { scanTable } from '../support/table.ts';

const stack = useTestStack({ maxSendRate: 200 });

const DAY = 86_400_000;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The sort keys of the items that hold `address` anywhere (any case), in order. */
async function holdersOf(address: string): Promise<string[]> {
  const lower = address.toLowerCase();
  return (await scanTable())
    .filter((item) => JSON.stringify(item).toLowerCase().includes(lower))
    .map((item) => String(item.sk))
    .sort();
}

/** Every item of a household's partition and every invitation, as text: what must not name someone. */
async function householdItems(): Promise<string> {
  const items = await scanTable();
  return JSON.stringify(items.filter((i) => /^(HOUSEHOLD#|INVITE#)/.test(String(i.pk))));
}

describe('households', () => {
  it('invite → join: both listed, with masked addresses and roles; the members are told by mail', async () => {
    const ann = await seedUser('Ann');
    const bo = await seedUser('Bo');
    const { invitation } = await invite(ann.userId, { email: bo.email, name: 'Bo' });
    expect(invitation.masked_email).toBe(`B•••@example.com`);
    const [mail] = await mailsTo(stack, bo.email);
    expect(mail?.subject).toBe('Ann invited you to share renewals on Renewal Reminders');
    expect(mail?.body.html).toContain('Accept invitation');
    expect(mail?.body.text).toContain('/household/join?token=');
    // 'Their name' is for the household only: it never reaches the invitee.
    expect(JSON.stringify(mail)).not.toContain('Bo,');

    const token = await latestToken(stack, bo.email);
    const before = await preview(bo.userId, token);
    expect(before).toEqual({ status: 'pending', inviter_first_name: 'Ann', in_household: false });
    expect(await membershipOf(bo.userId)).toBeUndefined();
    expect(await join(bo.userId, token)).toEqual({ inviter_first_name: 'Ann' });

    for (const [who, other] of [
      [ann, bo],
      [bo, ann],
    ] as const) {
      const view = await householdView(who.userId);
      expect(view?.members.map((m) => [m.first_name, m.role, m.is_you])).toEqual([
        ['Ann', 'owner', who === ann],
        ['Bo', 'member', who === bo],
      ]);
      expect(view?.members.find((m) => !m.is_you)?.masked_email).toBe(`${other.email[0]}•••@example.com`);
      expect(view?.invitations).toEqual([]);
    }
    expect((await mailsTo(stack, ann.email)).map((m) => m.subject)).toEqual(['Bo joined your household']);
  });

  it('a link that is used, cancelled, expired or unknown gets its plain message', async () => {
    const owner = await seedUser('Cy');
    const [a, b, c] = await Promise.all([seedUser('Di'), seedUser('Ed'), seedUser('Flo')]);
    await inviteAndJoin(stack, owner, a);
    const used = await latestToken(stack, a.email);
    await expect(join(b.userId, used)).rejects.toThrow(HOUSEHOLD_MESSAGES.used);

    const { invitation } = await invite(owner.userId, { email: b.email });
    const cancelled = await latestToken(stack, b.email);
    const membership = (await membershipOf(owner.userId))!;
    const [pending] = await pendingInvitations(membership.household_id, new Date());
    expect(pending?.id).toBe(invitation.id);
    await cancelInvitation(owner.userId, membership, pending!, new Date());
    await expect(join(b.userId, cancelled)).rejects.toThrow(HOUSEHOLD_MESSAGES.cancelled);
    expect((await preview(b.userId, cancelled)).status).toBe('cancelled');

    await invite(owner.userId, { email: c.email });
    const late = new Date(Date.now() + 7 * DAY + 1000);
    const expiring = await latestToken(stack, c.email);
    expect((await preview(c.userId, expiring, late)).status).toBe('expired');
    await expect(join(c.userId, expiring, late)).rejects.toThrow(HOUSEHOLD_MESSAGES.expired);
    await expect(join(c.userId, 'x'.repeat(43))).rejects.toThrow(HOUSEHOLD_MESSAGES.unknown);
    expect(await membershipOf(c.userId)).toBeUndefined();
  });

  it("signed out, the link's holder learns whose invitation it is while it works, and nothing else", async () => {
    const owner = await seedUser('Gus');
    const invitee = 'hana.signed-out@example.com';
    await invite(owner.userId, { email: invitee });
    const [mail] = await mailsTo(stack, invitee);
    // The link brings the invited address for the sign-up form, in its fragment: never sent to a server.
    const href = /href="([^"]*\/household\/join\?token=[^"]*)"/.exec(mail?.body.html ?? '')?.[1];
    const link = new URL(href!.replaceAll('&amp;', '&'));
    expect(decodeLinkAddress(new URLSearchParams(link.hash.slice(1)).get(LINK_ADDRESS_PARAM) ?? '')).toBe(
      invitee,
    );
    const token = link.searchParams.get('token')!;

    const anonymous = api(stack);
    const ask = (body: unknown) => anonymous('POST', '/api/invitations/inviter', body);
    expect(await ask({ token })).toMatchObject({ status: 200, json: { inviter_first_name: 'Gus' } });
    // Unknown, cancelled and used alike: no name, and no telling which.
    expect((await ask({ token: 'x'.repeat(43) })).json).toEqual({ inviter_first_name: null });
    const membership = (await membershipOf(owner.userId))!;
    const [pending] = await pendingInvitations(membership.household_id, new Date());
    await cancelInvitation(owner.userId, membership, pending!, new Date());
    expect((await ask({ token })).json).toEqual({ inviter_first_name: null });
    const joiner = await seedUser('Ida');
    await inviteAndJoin(stack, owner, joiner);
    expect((await ask({ token: await latestToken(stack, joiner.email) })).json).toEqual({
      inviter_first_name: null,
    });
    // Not a token: a 400 with the plain message, as the household routes give.
    expect(await ask({ token: 'short' })).toMatchObject({
      status: 400,
      json: { message: expect.stringContaining(HOUSEHOLD_MESSAGES.unknown) },
    });
  });

  it("a pending invitation's address is for its sender's eyes, and goes once it is used or cancelled", async () => {
    const owner = await seedUser('Pat');
    const member = await seedUser('Quinn');
    await invite(owner.userId, { email: member.email });
    expect(await holdersOf(member.email)).toContain('INVITE');
    await join(member.userId, await latestToken(stack, member.email));
    // Used: the invitation no longer holds it (the profile, of course, does).
    expect(await holdersOf(member.email)).toEqual(['PROFILE']);

    const typed = 'Rae.Typed@example.com';
    await invite(member.userId, { email: typed });
    const sent = (await householdView(member.userId))?.invitations;
    expect(sent?.map((i) => [i.email, i.masked_email])).toEqual([[typed, 'R•••@example.com']]);
    // The other members see it masked only.
    const seen = (await householdView(owner.userId))?.invitations;
    expect(seen?.map((i) => [i.email, i.masked_email])).toEqual([[null, 'R•••@example.com']]);

    const membership = (await membershipOf(owner.userId))!;
    const [pending] = await pendingInvitations(membership.household_id, new Date());
    await cancelInvitation(owner.userId, membership, pending!, new Date());
    expect(await holdersOf(typed)).toEqual([]);
  });

  it('five invitations wait at most: the sixth is refused until one is cancelled or expires', async () => {
    const owner = await seedUser('Hal');
    const address = (n: number) => `waiting.${n}.${owner.userId}@example.com`;
    for (let n = 1; n <= HOUSEHOLD_PENDING_LIMIT; n++) await invite(owner.userId, { email: address(n) });
    await expect(invite(owner.userId, { email: address(6) })).rejects.toThrow(
      HOUSEHOLD_MESSAGES.pendingLimit,
    );

    const membership = (await membershipOf(owner.userId))!;
    const [first] = await pendingInvitations(membership.household_id, new Date());
    await cancelInvitation(owner.userId, membership, first!, new Date());
    await invite(owner.userId, { email: address(6) });
    await expect(invite(owner.userId, { email: address(7) })).rejects.toThrow(
      HOUSEHOLD_MESSAGES.pendingLimit,
    );

    // A week on, every one of them has expired: each frees its place.
    const later = new Date(Date.now() + 7 * DAY + 1000);
    for (let n = 7; n < 7 + HOUSEHOLD_PENDING_LIMIT; n++)
      await invite(owner.userId, { email: address(n) }, { now: later });
    expect(await pendingInvitations(membership.household_id, later)).toHaveLength(HOUSEHOLD_PENDING_LIMIT);
  });

  it('two invitations at once for the last pending place: one is made, never a sixth', async () => {
    const owner = await seedUser('Ida');
    const address = (n: number) => `race.${n}.${owner.userId}@example.com`;
    for (let n = 1; n < HOUSEHOLD_PENDING_LIMIT; n++) await invite(owner.userId, { email: address(n) });
    const racing = await Promise.allSettled(
      [10, 11, 12].map((n) => invite(owner.userId, { email: address(n) })),
    );
    expect(racing.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const refused of racing.filter((r) => r.status === 'rejected'))
      expect(String(refused.reason)).toMatch(
        new RegExp(
          `${escape(HOUSEHOLD_MESSAGES.pendingLimit)}|${escape(HOUSEHOLD_MESSAGES.householdChanged)}`,
        ),
      );
    const membership = (await membershipOf(owner.userId))!;
    expect(await pendingInvitations(membership.household_id, new Date())).toHaveLength(
      HOUSEHOLD_PENDING_LIMIT,
    );
  });

  it('a household made before its item listed the pending invitations counts them from the index', async () => {
    const owner = await seedUser('Jo');
    const address = (n: number) => `older.${n}.${owner.userId}@example.com`;
    for (let n = 1; n <= HOUSEHOLD_PENDING_LIMIT; n++) await invite(owner.userId, { email: address(n) });
    const { household_id: householdId } = (await membershipOf(owner.userId))!;
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: itemKey(keys.household(householdId), keys.householdEntry()),
        UpdateExpression: 'REMOVE #made, #pending',
        ExpressionAttributeNames: {
          '#made': COUNTERS.householdInvitations,
          '#pending': HOUSEHOLD_PENDING_INVITATIONS,
        },
      }),
    );
    await expect(invite(owner.userId, { email: address(6) })).rejects.toThrow(
      HOUSEHOLD_MESSAGES.pendingLimit,
    );
    const membership = (await membershipOf(owner.userId))!;
    const [first] = await pendingInvitations(householdId, new Date());
    await cancelInvitation(owner.userId, membership, first!, new Date());
    await invite(owner.userId, { email: address(6) });
    await expect(invite(owner.userId, { email: address(7) })).rejects.toThrow(
      HOUSEHOLD_MESSAGES.pendingLimit,
    );
  });

  it('the 7th member is refused, and so is a second household for anyone', async () => {
    const owner = await seedUser('Gus');
    const members = await Promise.all(
      Array.from({ length: HOUSEHOLD_MEMBER_LIMIT }, (_, i) => seedUser(`Member${i}`)),
    );
    for (const member of members.slice(0, HOUSEHOLD_MEMBER_LIMIT - 2))
      await inviteAndJoin(stack, owner, member);
    // Two invitations out for the last place: the first to join takes it, the other is refused.
    const [fifth, sixth] = members.slice(HOUSEHOLD_MEMBER_LIMIT - 2) as [typeof owner, typeof owner];
    await invite(owner.userId, { email: fifth.email });
    await invite(owner.userId, { email: sixth.email });
    await join(fifth.userId, await latestToken(stack, fifth.email));
    await expect(join(sixth.userId, await latestToken(stack, sixth.email))).rejects.toThrow(
      `Gus's household has ${HOUSEHOLD_MEMBER_LIMIT} members, the most a household can have.`,
    );
    await expect(invite(owner.userId, { email: 'someone.else@example.com' })).rejects.toThrow(
      HOUSEHOLD_MESSAGES.full,
    );

    // One household per person: a member of this one cannot join another.
    const elsewhere = await seedUser('Hal');
    await invite(elsewhere.userId, { email: fifth.email });
    await expect(join(fifth.userId, await latestToken(stack, fifth.email))).rejects.toThrow(
      HOUSEHOLD_MESSAGES.alreadyInHousehold,
    );
    await expect(invite(owner.userId, { email: members[0]!.email })).rejects.toThrow(HOUSEHOLD_MESSAGES.full);
    await expect(invite(elsewhere.userId, { email: elsewhere.email })).rejects.toThrow(
      HOUSEHOLD_MESSAGES.inviteYourself,
    );
  });

  it('leave, remove, the owner leaving, the last one leaving: nothing names the departed', async () => {
    const [owner, a, b] = await Promise.all([seedUser('Ivy'), seedUser('Jo'), seedUser('Kit')]);
    await inviteAndJoin(stack, owner, a);
    await inviteAndJoin(stack, owner, b);
    const ids = async (user: { userId: string }) => (await membershipOf(user.userId))?.membership_id;
    const [ownerMid, aMid, bMid] = [await ids(owner), await ids(a), await ids(b)];

    // Only the owner removes; a member trying is refused.
    await expect(remove(a.userId, bMid!)).rejects.toThrow(HOUSEHOLD_MESSAGES.onlyOwnerRemoves);
    await remove(owner.userId, aMid!);
    expect(await membershipOf(a.userId)).toBeUndefined();
    await expect(remove(owner.userId, aMid!)).rejects.toThrow(HOUSEHOLD_MESSAGES.memberNotFound);

    // The owner leaves: the longest-standing member owns it.
    await leave(owner.userId);
    const view = await householdView(b.userId);
    expect(view?.is_owner).toBe(true);
    expect(view?.members.map((m) => m.role)).toEqual(['owner']);
    const items = await householdItems();
    for (const gone of [owner.userId, a.userId, ownerMid!, aMid!])
      expect(items.includes(gone), gone).toBe(false);
    expect((await mailsTo(stack, b.email)).map((m) => m.subject)).toEqual([
      'Ivy invited you to share renewals on Renewal Reminders',
      'Jo was removed from your household',
      'Ivy left your household',
    ]);

    // The last member leaving deletes the household and its pending invitations.
    await invite(b.userId, { email: 'pending.one@example.com' });
    const householdId = (await membershipOf(b.userId))!.household_id;
    await leave(b.userId);
    const left = await householdItems();
    expect(left.includes(householdId)).toBe(false);
    expect(left.includes(bMid!)).toBe(false);
  });

  it("account deletion leaves the household first: the others are told, the deleted one's ids are gone", async () => {
    const owner = await createUser(stack, { label: 'deleter' });
    const other = await seedUser('Lou');
    const call = api(stack, owner.accessToken);
    expect((await call('POST', '/api/household/invitations', { email: other.email })).status).toBe(201);
    await join(other.userId, await latestToken(stack, other.email));
    const mid = (await membershipOf(owner.sub))!.membership_id;
    expect((await call('DELETE', '/api/me')).status).toBe(204);
    const view = await householdView(other.userId);
    expect(view?.members.map((m) => [m.first_name, m.role])).toEqual([['Lou', 'owner']]);
    const items = await householdItems();
    expect(items.includes(owner.sub)).toBe(false);
    expect(items.includes(mid)).toBe(false);
    expect((await mailsTo(stack, other.email)).at(-1)?.subject).toBe('Test left your household');
  });

  it('the invitation is mailed at most once when its request is retried, after a crash before or after SES', async () => {
    const owner = await seedUser('Mo');
    const crashBefore = 'crash.before@example.com';
    await expect(
      invite(owner.userId, { email: crashBefore }, { onClaimed: () => Promise.reject(new Error('killed')) }),
    ).rejects.toThrow('killed');
    // The retry finds the claim: nothing goes twice (here nothing went: the card lists it to cancel).
    await expect(invite(owner.userId, { email: crashBefore })).rejects.toThrow(
      HOUSEHOLD_MESSAGES.invitedToday,
    );
    expect(await mailsTo(stack, crashBefore)).toEqual([]);
    expect((await householdView(owner.userId))?.invitations.map((i) => i.masked_email)).toEqual([
      'c•••@example.com',
    ]);

    const afterSes = 'after.ses@example.com';
    await invite(owner.userId, { email: afterSes });
    await expect(invite(owner.userId, { email: afterSes.toUpperCase() })).rejects.toThrow(
      HOUSEHOLD_MESSAGES.invitedToday,
    );
    expect(await mailsTo(stack, afterSes)).toHaveLength(1);
    // The address is on the pending invitation only (for its sender's card); the send record masks it.
    expect(await holdersOf(afterSes)).toEqual(['INVITE']);
  });

  it("the invitation's own unsubscribe link stops invitations to that address, from anyone", async () => {
    const [first, second] = await Promise.all([seedUser('Nia'), seedUser('Oz')]);
    const invitee = 'no.thanks@example.com';
    await invite(first.userId, { email: invitee });
    const [mail] = await mailsTo(stack, invitee);
    expect(mail?.body.text).toContain("Don't send me invitations");
    const href = /href="[^"]*\/unsubscribe\?token=([^"]*)"/.exec(mail?.body.html ?? '')?.[1];
    const query = `?token=${href!.replaceAll('&amp;', '&')}`;
    expect((await api(stack)('GET', `/api/unsubscribe${query}`)).json).toEqual({
      masked_email: null,
      kind: 'invitations',
    });
    expect((await api(stack)('POST', `/api/unsubscribe${query}`)).status).toBe(200);
    await invite(second.userId, { email: invitee });
    expect(await mailsTo(stack, invitee)).toHaveLength(1);
    // Kept by the two pending invitations only, for their senders; not by the refusal to mail it.
    expect(await holdersOf(invitee)).toEqual(['INVITE', 'INVITE']);
  });
});

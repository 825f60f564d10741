/**
 * Households in tests: the invitation's token from the local mailbox, a join in one call, a
 * household of signed-in users, and Alice and Bob sharing a reminder.
 */
import { invite } from '../../lambdas/features/household/invite.ts';
import { join } from '../../lambdas/features/household/members.ts';
import { membershipOf } from '../../lambdas/store/households/index.ts';
import type { LocalStack } from '../../lib/local/stack.ts';
import type { Reminder } from '../../shared/api.ts';
import type { ReminderDraft } from '../../shared/schemas/reminder.ts';
import { mailsTo, type StoredMail, type TestStack, type TestUser } from './stack.ts';
import { person, postReminder } from './users.ts';

/** The join link's token in a mail (the newest to `email` when no mail is given). */
export function tokenIn(mail: StoredMail | undefined): string {
  const href = /href="([^"]*\/household\/join\?token=[^"]*)"/.exec(mail?.body.html ?? '')?.[1];
  if (!href) throw new Error('No join link in the mail');
  return new URL(href.replaceAll('&amp;', '&')).searchParams.get('token')!;
}

export async function latestToken(stack: LocalStack, email: string): Promise<string> {
  return tokenIn((await mailsTo(stack, email)).at(-1));
}

/** `inviter` invites `invitee` (in-process, as the route does) and the invitee joins with the mailed link. */
export async function inviteAndJoin(
  stack: LocalStack,
  inviter: { userId: string },
  invitee: { userId: string; email: string },
  now = new Date(),
): Promise<void> {
  await invite(inviter.userId, { email: invitee.email }, { now });
  await join(invitee.userId, await latestToken(stack, invitee.email), now);
}

/** `owner` invites each of `others` in turn, and each joins: one household. */
export async function household(stack: TestStack, owner: TestUser, ...others: TestUser[]): Promise<void> {
  for (const other of others)
    await inviteAndJoin(stack, { userId: owner.sub }, { userId: other.sub, email: other.email });
}

/** `user`'s membership id in their household (the id a shared reminder's 'deals with' names). */
export const membershipId = async (user: TestUser) => (await membershipOf(user.sub))!.membership_id;

/**
 * Alice and Bob (in `bobZone`) in Alice's household, and Alice's shared yearly home insurance with
 * Aviva at £400, renewing on `renewal` with one lead 7 days before and no window mails (`draft`
 * changes or adds fields).
 */
export async function sharedHousehold(
  stack: TestStack,
  renewal: string,
  { bobZone = 'Europe/London', draft = {} }: { bobZone?: string; draft?: Partial<ReminderDraft> } = {},
): Promise<{ alice: TestUser; bob: TestUser; reminder: Reminder }> {
  const alice = await person(stack, 'Alice', { shared_reminder_mails: 'all' });
  const bob = await person(stack, 'Bob', { timezone: bobZone, shared_reminder_mails: 'all' });
  await household(stack, alice, bob);
  const reminder = await postReminder(stack, alice, {
    title: 'Home insurance',
    provider: 'Aviva',
    renewal_date: renewal,
    amount: 400,
    repeats: 'yearly',
    lead_days: [7],
    action_windows: false,
    shared: true,
    ...draft,
  });
  return { alice, bob, reminder };
}

/** Households in tests: the invitation's token from the local mailbox, and a join in one call. */
import { invite } from '../../lambdas/household/invite.ts';
import { join } from '../../lambdas/household/members.ts';
import type { LocalStack } from '../../lib/local/stack.ts';
import { mailsTo, type StoredMail } from './stack.ts';

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

import type { UnsubscribeDetails } from '../../../shared/api.ts';
import { maskEmail } from '../../../shared/identity.ts';
import { HttpError } from '../../runtime/http.ts';
import { logger } from '../../runtime/logger.ts';
import { parseInviteeSubject, verifyUnsubscribeToken } from '../../runtime/signingKey.ts';
import { stopInvitations } from '../../store/households/index.ts';
import { getProfile, setReminderEmails } from '../../store/account/index.ts';

export const INVALID_LINK = 'This unsubscribe link is not valid';

async function userOf(token: string): Promise<string> {
  const userId = await verifyUnsubscribeToken(token);
  if (!userId) throw new HttpError(400, INVALID_LINK);
  return userId;
}

/** What the /unsubscribe page shows before the press; reads only. */
export async function unsubscribeDetails(token: string): Promise<UnsubscribeDetails> {
  const subject = await userOf(token);
  if (parseInviteeSubject(subject)) return { masked_email: null, kind: 'invitations' };
  const profile = await getProfile(subject);
  return { masked_email: profile ? maskEmail(profile.email) : null, kind: 'reminders' };
}

/**
 * Unsubscribes by signed token: the RFC 8058 one-click POST from mail clients, and the /unsubscribe
 * page's button. Only ever on a POST: a GET (a mail scanner following the link) changes nothing.
 */
export async function unsubscribeByToken(token: string): Promise<void> {
  const userId = await userOf(token);
  // Someone who was invited (not a user): no more household invitations to that address.
  const invitee = parseInviteeSubject(userId);
  if (invitee) return stopInvitations(invitee.version, invitee.hash);
  // A deleted account has nothing left to unsubscribe: answer as done.
  await setReminderEmails(userId, false);
  logger.info('Unsubscribed from reminder e-mails');
}

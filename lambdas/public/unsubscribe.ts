import { HttpError } from '../runtime/http.ts';
import { logger } from '../runtime/logger.ts';
import { verifyUnsubscribeToken } from '../runtime/unsubscribe.ts';
import { setReminderEmails } from '../store/profiles.ts';

/**
 * One-click unsubscribe (RFC 8058): mail clients POST with `List-Unsubscribe=One-Click`; the
 * /unsubscribe page in the SPA POSTs the same. The signed token is the only credential.
 */
export async function unsubscribeByToken(token: string): Promise<void> {
  const userId = await verifyUnsubscribeToken(token);
  if (!userId) throw new HttpError(400, 'This unsubscribe link is not valid');
  // A deleted account has nothing left to unsubscribe: answer as done.
  await setReminderEmails(userId, false);
  logger.info('Unsubscribed from reminder e-mails');
}

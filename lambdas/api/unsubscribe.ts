import * as z from 'zod';
import { HttpError, json, parseQuery, route } from '../runtime/http.ts';
import { logger } from '../runtime/logger.ts';
import { verifyUnsubscribeToken } from '../runtime/unsubscribe.ts';
import { setReminderEmails } from '../store/profiles.ts';

const querySchema = z.object({ token: z.string().min(10, 'Missing unsubscribe token').max(300) });

/**
 * One-click unsubscribe (RFC 8058): mail clients POST here with `List-Unsubscribe=One-Click`; the
 * /unsubscribe page in the SPA POSTs the same. The signed token is the only credential.
 */
export const handler = route('public', async (event) => {
  const { token } = parseQuery(event, querySchema);
  const userId = await verifyUnsubscribeToken(token);
  if (!userId) throw new HttpError(400, 'This unsubscribe link is not valid');
  // A deleted account has nothing left to unsubscribe: answer as done.
  await setReminderEmails(userId, false);
  logger.info('Unsubscribed from reminder e-mails');
  return json(200, { unsubscribed: true });
});

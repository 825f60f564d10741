import { json, route } from '../runtime/http.ts';
import { logger } from '../runtime/logger.ts';
import { deleteAccount } from '../store/account.ts';

/** Deletes the caller's account: every item, then the Cognito user. */
export const handler = route('user', async (_event, caller) => {
  const { itemsDeleted } = await deleteAccount(caller.userId, caller.username);
  logger.info('Account deleted', { itemsDeleted });
  return json(204);
});

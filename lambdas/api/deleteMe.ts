import { API } from '../../shared/routes.ts';
import { route } from '../runtime/http.ts';
import { logger } from '../runtime/logger.ts';
import { deleteAccount } from '../store/account.ts';

/** Deletes the caller's account: signed out everywhere, every item, then the Cognito user. */
export const handler = route(API.deleteMe, async ({ caller }) => {
  const { itemsDeleted } = await deleteAccount(caller.userId, caller.username);
  logger.info('Account deleted', { itemsDeleted });
  return undefined;
});

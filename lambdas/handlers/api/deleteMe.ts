import { API } from '../../../shared/routes.ts';
import { leave } from '../../features/household/members.ts';
import { worded } from '../../features/household/refusals.ts';
import { route } from '../../features/account/route.ts';
import { logger } from '../../runtime/logger.ts';
import { deleteAccount } from '../../store/wholeAccount/index.ts';

/**
 * Deletes the caller's account: first leaves their household as 'Leave household' does (its members
 * are told), then signed out everywhere, every item, then the Cognito user.
 */
export const handler = route(API.deleteMe, async ({ caller }) => {
  await leave(caller.userId);
  // Its second look at the household (a join that raced the first) may be refused as 'Leave' is.
  const { itemsDeleted } = await worded(() => deleteAccount(caller.userId, caller.username));
  logger.info('Account deleted', { itemsDeleted });
  return undefined;
});

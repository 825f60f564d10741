import { API } from '../../../shared/routes.ts';
import { route } from '../../features/account/route.ts';
import { inboxAddress, listInboxItems } from '../../store/account/index.ts';

/** 'Your renewal inbox' and 'From your inbox': the address (made on first read) and the items. */
export const handler = route(API.getInbox, async ({ caller }) => {
  const [address, items] = await Promise.all([inboxAddress(caller.userId), listInboxItems(caller.userId)]);
  return { address, items };
});

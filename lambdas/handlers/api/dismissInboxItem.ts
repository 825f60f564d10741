import { INBOX_MESSAGES } from '../../../shared/inbox/items.ts';
import { API } from '../../../shared/routes.ts';
import { notFound } from '../../runtime/http.ts';
import { route } from '../../features/account/route.ts';
import { removeInboxItem } from '../../store/account/index.ts';

/** 'Dismiss': the caller's own item goes; another user's answers 404. */
export const handler = route(API.dismissInboxItem, async ({ caller, params }) => {
  if (!(await removeInboxItem(caller.userId, params.id))) throw notFound(INBOX_MESSAGES.itemNotFound);
  return undefined;
});

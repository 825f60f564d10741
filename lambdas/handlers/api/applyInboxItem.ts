import { INBOX_MESSAGES } from '../../../shared/inbox/items.ts';
import { API } from '../../../shared/routes.ts';
import { applyInboxItem } from '../../features/inbox/apply.ts';
import { notFound } from '../../runtime/http.ts';
import { route } from '../../features/account/route.ts';

/** 'Update {reminder}', as confirmed: the letter's date and renewal offer on the matched reminder. */
export const handler = route(API.applyInboxItem, async ({ caller, params, body }) => {
  const reminder = await applyInboxItem(caller.userId, params.id, body);
  if (!reminder) throw notFound(INBOX_MESSAGES.itemNotFound);
  return { reminder };
});

import { QUOTE_MESSAGES } from '../../../shared/quotes.ts';
import { API } from '../../../shared/routes.ts';
import { notFound } from '../../runtime/http.ts';
import { route } from '../../features/account/route.ts';
import { removeQuote } from '../../features/reminders/quotes.ts';

/** 'Remove' in the quote notebook: another user's reminder or quote answers 404. */
export const handler = route(API.removeQuote, async ({ caller, params }) => {
  if (!(await removeQuote(caller.userId, params.id, params.quoteId))) throw notFound(QUOTE_MESSAGES.notFound);
  return undefined;
});

import { API_MESSAGES } from '../../../shared/messages.ts';
import { API } from '../../../shared/routes.ts';
import { notFound } from '../../runtime/http.ts';
import { route } from '../../features/account/route.ts';
import { addQuote } from '../../features/reminders/quotes.ts';

/** 'Add a quote': a quote in the notebook of the caller's own reminder's current renewal. */
export const handler = route(API.addQuote, async ({ caller, params, body }) => {
  const quote = await addQuote(caller.userId, params.id, body);
  if (!quote) throw notFound(API_MESSAGES.reminderNotFound);
  return { quote };
});

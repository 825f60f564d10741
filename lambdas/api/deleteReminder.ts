import { API_MESSAGES } from '../../shared/messages.ts';
import { API } from '../../shared/routes.ts';
import { notFound, route } from '../runtime/http.ts';
import { removeQuotesOf } from '../store/quotes.ts';
import { deleteReminder } from '../store/reminders.ts';

export const handler = route(API.deleteReminder, async ({ caller, params }) => {
  if (!(await deleteReminder(caller.userId, params.id))) throw notFound(API_MESSAGES.reminderNotFound);
  // Its quote notebooks go with it (a retry after a crash here finds the reminder gone: 404, and
  // the quotes left are still the user's, in 'Download my data', and go with the account).
  await removeQuotesOf(caller.userId, params.id);
  return undefined;
});

import { API_MESSAGES } from '../../shared/messages.ts';
import { API } from '../../shared/routes.ts';
import { notFound, route } from '../runtime/http.ts';
import { getReminder } from '../store/reminders.ts';

export const handler = route(API.getReminder, async ({ caller, params }) => {
  const reminder = await getReminder(caller.userId, params.id);
  if (!reminder) throw notFound(API_MESSAGES.reminderNotFound);
  return { reminder };
});

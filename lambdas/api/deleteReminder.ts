import { API_MESSAGES } from '../../shared/messages.ts';
import { API } from '../../shared/routes.ts';
import { notFound, route } from '../runtime/http.ts';
import { deleteReminder } from '../reminders/delete.ts';

export const handler = route(API.deleteReminder, async ({ caller, params }) => {
  if (!(await deleteReminder(caller.userId, params.id))) throw notFound(API_MESSAGES.reminderNotFound);
  return undefined;
});

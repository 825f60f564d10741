import { API_MESSAGES } from '../../../shared/messages.ts';
import { API } from '../../../shared/routes.ts';
import { notFound } from '../../runtime/http.ts';
import { route } from '../../features/account/route.ts';
import { deleteReminder } from '../../features/reminders/delete.ts';

export const handler = route(API.deleteReminder, async ({ caller, params }) => {
  if (!(await deleteReminder(caller.userId, params.id))) throw notFound(API_MESSAGES.reminderNotFound);
  return undefined;
});

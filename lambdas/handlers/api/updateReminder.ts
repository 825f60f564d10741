import { API_MESSAGES } from '../../../shared/messages.ts';
import { API } from '../../../shared/routes.ts';
import { notFound } from '../../runtime/http.ts';
import { route } from '../../features/account/route.ts';
import { updateReminder } from '../../features/reminders/update.ts';

export const handler = route(API.updateReminder, async ({ caller, params, body }) => {
  const reminder = await updateReminder(caller.userId, params.id, body);
  // Another user's id looks exactly like a missing one.
  if (!reminder) throw notFound(API_MESSAGES.reminderNotFound);
  return { reminder };
});

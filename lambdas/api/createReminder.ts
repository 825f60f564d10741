import { API } from '../../shared/routes.ts';
import { route } from '../runtime/http.ts';
import { createReminder } from '../store/reminders.ts';

/** The owner always comes from the verified token; a user_id in the body is ignored. */
export const handler = route(API.createReminder, async ({ caller, body }) => ({
  reminder: await createReminder(caller.userId, body),
}));

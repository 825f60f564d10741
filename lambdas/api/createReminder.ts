import { reminderInputSchema } from '../../shared/schemas.ts';
import { json, parseBody, route } from '../runtime/http.ts';
import { createReminder } from '../store/reminders.ts';

/** The owner always comes from the verified token; a user_id in the body is ignored. */
export const handler = route('user', async (event, caller) => {
  const input = parseBody(event, reminderInputSchema);
  return json(201, { reminder: await createReminder(caller.userId, input) });
});

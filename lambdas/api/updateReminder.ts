import { idParamSchema, reminderInputSchema } from '../../shared/schemas.ts';
import { json, notFound, parseBody, parseParams, route } from '../runtime/http.ts';
import { updateReminder } from '../store/reminders.ts';

export const handler = route('user', async (event, caller) => {
  const { id } = parseParams(event, idParamSchema);
  const input = parseBody(event, reminderInputSchema);
  const reminder = await updateReminder(caller.userId, id, input);
  // Another user's id looks exactly like a missing one.
  if (!reminder) throw notFound('Reminder not found');
  return json(200, { reminder });
});

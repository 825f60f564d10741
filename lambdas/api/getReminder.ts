import { idParamSchema } from '../../shared/schemas.ts';
import { json, notFound, parseParams, route } from '../runtime/http.ts';
import { getReminder } from '../store/reminders.ts';

export const handler = route('user', async (event, caller) => {
  const { id } = parseParams(event, idParamSchema);
  const reminder = await getReminder(caller.userId, id);
  if (!reminder) throw notFound('Reminder not found');
  return json(200, { reminder });
});

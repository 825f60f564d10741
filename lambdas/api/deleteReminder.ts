import { idParamSchema } from '../../shared/schemas.ts';
import { json, notFound, parseParams, route } from '../runtime/http.ts';
import { deleteReminder } from '../store/reminders.ts';

export const handler = route('user', async (event, caller) => {
  const { id } = parseParams(event, idParamSchema);
  if (!(await deleteReminder(caller.userId, id))) throw notFound('Reminder not found');
  return json(204);
});

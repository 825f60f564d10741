import { json, route } from '../runtime/http.ts';
import { listReminders } from '../store/reminders.ts';

export const handler = route('user', async (_event, caller) => {
  return json(200, { reminders: await listReminders(caller.userId) });
});

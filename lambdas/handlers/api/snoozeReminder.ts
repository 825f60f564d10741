import { API_MESSAGES } from '../../../shared/messages.ts';
import { API } from '../../../shared/routes.ts';
import { notFound } from '../../runtime/http.ts';
import { route } from '../../features/account/route.ts';
import { snoozeReminder } from '../../features/reminders/snooze.ts';

/** 'Snooze 3 days' on the caller's own reminder: its next mail and push go three days later. */
export const handler = route(API.snoozeReminder, async ({ caller, params }) => {
  const snooze = await snoozeReminder(caller.userId, params.id);
  if (!snooze) throw notFound(API_MESSAGES.reminderNotFound);
  return snooze;
});

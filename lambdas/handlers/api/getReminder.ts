import { API_MESSAGES } from '../../../shared/messages.ts';
import { API } from '../../../shared/routes.ts';
import { notFound } from '../../runtime/http.ts';
import { route } from '../../features/account/route.ts';
import { getReminderDetails } from '../../store/reminders/index.ts';

/** The caller's own reminder (a cancelled one too), its next mail and its history. */
export const handler = route(API.getReminder, async ({ caller, params }) => {
  const details = await getReminderDetails(caller.userId, params.id);
  if (!details) throw notFound(API_MESSAGES.reminderNotFound);
  return details;
});

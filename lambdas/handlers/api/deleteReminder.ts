import { API_MESSAGES } from '../../../shared/messages.ts';
import { API } from '../../../shared/routes.ts';
import { notFound } from '../../runtime/http.ts';
import { route } from '../../features/account/route.ts';
import { removeQuotesOf, deleteReminder } from '../../store/reminders/index.ts';

export const handler = route(API.deleteReminder, async ({ caller, params }) => {
  const home = await deleteReminder(caller.userId, params.id);
  if (!home) throw notFound(API_MESSAGES.reminderNotFound);
  // Its quote notebooks go with it (a retry after a crash here finds the reminder gone: 404, and
  // the quotes left are still in the reminder's partition, in 'Download my data', and go with it).
  await removeQuotesOf(home.pk, params.id);
  return undefined;
});

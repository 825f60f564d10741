import { API_MESSAGES } from '../../../shared/messages.ts';
import { API } from '../../../shared/routes.ts';
import { notFound } from '../../runtime/http.ts';
import { route } from '../../features/account/route.ts';
import { leaveSharedReminder } from '../../features/reminders/sharing.ts';

/** 'Leave this reminder': the caller stops seeing a shared reminder; the others keep it. */
export const handler = route(API.leaveSharedReminder, async ({ caller, params }) => {
  if (!(await leaveSharedReminder(caller.userId, params.id))) throw notFound(API_MESSAGES.reminderNotFound);
  return undefined;
});

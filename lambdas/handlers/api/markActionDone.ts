import { API_MESSAGES } from '../../../shared/messages.ts';
import { API } from '../../../shared/routes.ts';
import { notFound } from '../../runtime/http.ts';
import { route } from '../../features/account/route.ts';
import { markActionDone } from '../../features/reminders/actionsDone.ts';

/** 'Done' on a 'This week' action of the caller's own (or household's) reminder. */
export const handler = route(API.markActionDone, async ({ caller, params, body }) => {
  const marks = await markActionDone(caller.userId, params.id, body.kind);
  if (!marks) throw notFound(API_MESSAGES.reminderNotFound);
  return { actions_done: marks };
});

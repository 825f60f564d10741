import { API_MESSAGES } from '../../../shared/messages.ts';
import { API } from '../../../shared/routes.ts';
import { notFound } from '../../runtime/http.ts';
import { route } from '../../features/account/route.ts';
import { recordOutcome } from '../../features/reminders/outcomes.ts';

/** The outcome of the caller's own reminder's renewal (one per renewal), and what comes next. */
export const handler = route(API.recordSavings, async ({ caller, params, body }) => {
  const recorded = await recordOutcome(caller.userId, params.id, body);
  if (!recorded) throw notFound(API_MESSAGES.reminderNotFound);
  return recorded;
});

import { API_MESSAGES } from '../../shared/messages.ts';
import { API } from '../../shared/routes.ts';
import { notFound, route } from '../runtime/http.ts';
import { recordSavings } from '../store/savings.ts';

/** One outcome per submission, for the caller's own reminder only. */
export const handler = route(API.recordSavings, async ({ caller, params, body }) => {
  const savings = await recordSavings(caller.userId, params.id, body);
  if (!savings) throw notFound(API_MESSAGES.reminderNotFound);
  return { savings };
});

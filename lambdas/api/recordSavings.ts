import { idParamSchema, savingsInputSchema } from '../../shared/schemas.ts';
import { json, notFound, parseBody, parseParams, route } from '../runtime/http.ts';
import { getReminder } from '../store/reminders.ts';
import { recordSavings } from '../store/savings.ts';

/** One outcome per submission, for the caller's own reminder only. */
export const handler = route('user', async (event, caller) => {
  const { id } = parseParams(event, idParamSchema);
  const input = parseBody(event, savingsInputSchema);
  if (!(await getReminder(caller.userId, id))) throw notFound('Reminder not found');
  return json(201, { savings: await recordSavings(caller.userId, id, input) });
});

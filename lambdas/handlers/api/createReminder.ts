import { API } from '../../../shared/routes.ts';
import { route } from '../../features/account/route.ts';
import { publishProductCount } from '../../runtime/metrics.ts';
import { createReminder } from '../../features/reminders/create.ts';

/** The owner always comes from the verified token; a user_id in the body is ignored. */
export const handler = route(API.createReminder, async ({ caller, body }) => {
  const reminder = await createReminder(caller.userId, body);
  publishProductCount('reminders_created');
  return { reminder };
});

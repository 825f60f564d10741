import { API } from '../../shared/routes.ts';
import { route } from '../runtime/http.ts';
import { publishProductCount } from '../runtime/metrics.ts';
import { importReminders } from '../store/imports.ts';

/** The owner comes from the verified token; the rows were checked by the route's schema. */
export const handler = route(API.importReminders, async ({ caller, body }) => {
  const result = await importReminders(caller.userId, body.reminders);
  // Each imported reminder is one created; skipped duplicates are not.
  if (result.imported > 0) publishProductCount('reminders_created', result.imported);
  return result;
});

import { API } from '../../../shared/routes.ts';
import { route } from '../../features/account/route.ts';
import { publishProductCount } from '../../runtime/metrics.ts';
import { IMPORT_BUDGET_MS, IMPORT_MARGIN_MS, importReminders } from '../../features/reminders/imports.ts';

/** The owner comes from the verified token; the rows were checked by the route's schema. */
export const handler = route(API.importReminders, async ({ caller, body, context }) => {
  // The function's own time (a caller without Lambda's context: the API function's), less what
  // answering takes (IMPORT_MARGIN_MS).
  const remaining =
    typeof context?.getRemainingTimeInMillis === 'function'
      ? context.getRemainingTimeInMillis() - IMPORT_MARGIN_MS
      : IMPORT_BUDGET_MS;
  const deadline = Date.now() + Math.max(0, remaining);
  const result = await importReminders(caller.userId, body.reminders, new Date(), deadline);
  // Each imported reminder is one created; skipped duplicates are not.
  if (result.imported > 0) publishProductCount('reminders_created', result.imported);
  return result;
});

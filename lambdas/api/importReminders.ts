import { API } from '../../shared/routes.ts';
import { route } from '../runtime/http.ts';
import { importReminders } from '../store/imports.ts';

/** The owner comes from the verified token; the rows were checked by the route's schema. */
export const handler = route(API.importReminders, async ({ caller, body }) =>
  importReminders(caller.userId, body.reminders),
);

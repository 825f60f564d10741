import { API } from '../../shared/routes.ts';
import { verifyEventToken } from '../calendar/eventLink.ts';
import { reminderEventText } from '../calendar/feed.ts';
import { env } from '../runtime/env.ts';
import { notFound, route } from '../runtime/http.ts';
import { getReminder } from '../store/reminders.ts';

/** One renewal's events, from a mailed link: a forged token, or a deleted or cancelled reminder, is a 404. */
export const handler = route(API.getReminderEvent, async ({ params }) => {
  const signed = await verifyEventToken(params.token);
  const reminder = signed && (await getReminder(signed.userId, signed.reminderId));
  if (!reminder || reminder.archived_at !== null) throw notFound('Calendar not found');
  return {
    contentType: 'text/calendar; charset=utf-8',
    cacheControl: 'private, max-age=300',
    filename: 'renewal.ics',
    body: reminderEventText(reminder, env().SITE_URL),
  };
});

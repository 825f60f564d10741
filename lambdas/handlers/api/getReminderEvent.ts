import { API } from '../../../shared/routes.ts';
import { grantIsLive, openEventToken } from '../../runtime/eventLink.ts';
import { reminderEventText } from '../../features/calendar/feed.ts';
import { env } from '../../runtime/env.ts';
import { HttpError, notFound } from '../../runtime/http.ts';
import { route } from '../../features/account/route.ts';
import { getProfile } from '../../store/account/index.ts';
import { withinRateLimit } from '../../store/rateLimits/index.ts';
import { getReminder } from '../../store/reminders/index.ts';

/** As the feed: a link asked for more than this in a minute is refused. */
const EVENT_REQUESTS_PER_MINUTE = 30;

/**
 * One renewal's events, from a mailed link: a forged or expired token, a reset calendar link, or a
 * deleted or cancelled reminder, is a 404.
 */
export const handler = route(API.getReminderEvent, async ({ params }) => {
  // Counted per token, under its hash (no key is built from what the caller sent).
  if (!(await withinRateLimit({ limit: 'calendarEvent', token: params.token }, EVENT_REQUESTS_PER_MINUTE)))
    throw new HttpError(429, 'Too many requests');
  const grant = await openEventToken(params.token);
  const profile = grant && (await getProfile(grant.userId));
  const today = new Date().toISOString().slice(0, 10);
  const live = grant && profile && grantIsLive(grant, profile.calendar_version, today);
  const reminder = live && (await getReminder(grant.userId, grant.reminderId));
  if (!reminder || reminder.archived_at !== null) throw notFound('Calendar not found');
  return {
    contentType: 'text/calendar; charset=utf-8',
    cacheControl: 'private, max-age=300',
    filename: 'renewal.ics',
    body: reminderEventText(reminder, env().SITE_URL),
  };
});

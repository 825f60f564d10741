import { API } from '../../../shared/routes.ts';
import { calendarText, FEED_CACHE_SECONDS } from '../../features/calendar/feed.ts';
import { env } from '../../runtime/env.ts';
import { HttpError, notFound } from '../../runtime/http.ts';
import { route } from '../../features/account/route.ts';
import { calendarOwner } from '../../store/account/index.ts';
import { withinRateLimit } from '../../store/rateLimits/index.ts';
import { listReminders } from '../../store/reminders/index.ts';

/** Calendar clients poll hourly or so; a token asked for more than this in a minute is refused. */
const FEED_REQUESTS_PER_MINUTE = 30;

/** The private calendar feed: the token is the only credential; a token that is not live is a 404. */
export const handler = route(API.getCalendarFeed, async ({ params }) => {
  // Counted per token, under its hash (no key is built from what the caller sent).
  if (!(await withinRateLimit({ limit: 'calendarFeed', token: params.token }, FEED_REQUESTS_PER_MINUTE)))
    throw new HttpError(429, 'Too many requests');
  const owner = await calendarOwner(params.token);
  if (!owner) throw notFound('Calendar not found');
  return {
    contentType: 'text/calendar; charset=utf-8',
    cacheControl: `private, max-age=${FEED_CACHE_SECONDS}`,
    body: calendarText(await listReminders(owner), env().SITE_URL),
  };
});

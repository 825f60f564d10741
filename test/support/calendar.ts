import { calendarLink } from '../../lambdas/store/calendar.ts';

/** A user's live calendar feed token: the last segment of the feed's address, without '.ics'. */
export const feedToken = async (userId: string) =>
  (await calendarLink(userId)).https_url
    .split('/')
    .at(-1)!
    .replace(/\.ics$/, '');

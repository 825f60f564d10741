import { API } from '../../../shared/routes.ts';
import { route } from '../../features/account/route.ts';
import { calendarLink } from '../../store/account/index.ts';

export const handler = route(API.getCalendarLink, async ({ caller }) => ({
  link: await calendarLink(caller.userId),
}));

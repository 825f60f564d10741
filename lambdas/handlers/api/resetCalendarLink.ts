import { API } from '../../../shared/routes.ts';
import { route } from '../../features/account/route.ts';
import { resetCalendarLink } from '../../store/account/index.ts';

export const handler = route(API.resetCalendarLink, async ({ caller }) => ({
  link: await resetCalendarLink(caller.userId),
}));

import { HOUSEHOLD_MESSAGES } from '../../../shared/messages.ts';
import { API } from '../../../shared/routes.ts';
import { leave } from '../../features/household/members.ts';
import { HttpError } from '../../runtime/http.ts';
import { route } from '../../features/account/route.ts';

/** 'Leave household': anyone, at any time. */
export const handler = route(API.leaveHousehold, async ({ caller }) => {
  if (!(await leave(caller.userId))) throw new HttpError(409, HOUSEHOLD_MESSAGES.notInHousehold);
  return undefined;
});

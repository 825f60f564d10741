import { API } from '../../../shared/routes.ts';
import { invite } from '../../features/household/invite.ts';
import { route } from '../../features/account/route.ts';

/** 'Send invitation': the invitation (the first one makes the household), mailed at most once. */
export const handler = route(API.inviteToHousehold, async ({ caller, body }) => {
  const { invitation } = await invite(caller.userId, body);
  return { invitation };
});

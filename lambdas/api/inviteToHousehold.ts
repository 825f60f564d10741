import { API } from '../../shared/routes.ts';
import { invite } from '../household/invite.ts';
import { route } from '../account/route.ts';

/** 'Send invitation': the invitation (the first one makes the household), mailed at most once. */
export const handler = route(API.inviteToHousehold, async ({ caller, body }) => {
  const { invitation } = await invite(caller.userId, body);
  return { invitation };
});

import { API } from '../../../shared/routes.ts';
import { remove } from '../../features/household/members.ts';
import { route } from '../../features/account/route.ts';

/** 'Remove': the owner removes a member of their household, by membership id. */
export const handler = route(API.removeHouseholdMember, async ({ caller, params }) => {
  await remove(caller.userId, params.id);
  return undefined;
});

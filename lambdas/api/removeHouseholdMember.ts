import { API } from '../../shared/routes.ts';
import { remove } from '../household/members.ts';
import { route } from '../account/route.ts';

/** 'Remove': the owner removes a member of their household, by membership id. */
export const handler = route(API.removeHouseholdMember, async ({ caller, params }) => {
  await remove(caller.userId, params.id);
  return undefined;
});

import { API } from '../../shared/routes.ts';
import { route } from '../runtime/http.ts';
import { householdView } from '../store/households.ts';

/** The Settings card: the caller's household (members, pending invitations), or null. */
export const handler = route(API.getHousehold, async ({ caller }) => ({
  household: await householdView(caller.userId),
}));

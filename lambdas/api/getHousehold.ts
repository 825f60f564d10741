import { API } from '../../shared/routes.ts';
import { route } from '../runtime/http.ts';
import { householdNotes } from '../store/householdNotes.ts';
import { householdView } from '../store/households.ts';

/** The Settings card: the caller's household (members, pending invitations), or null, and their notes. */
export const handler = route(API.getHousehold, async ({ caller }) => {
  const [household, notes] = await Promise.all([householdView(caller.userId), householdNotes(caller.userId)]);
  return { household, notes };
});

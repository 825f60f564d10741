import { API } from '../../../shared/routes.ts';
import { route } from '../../features/account/route.ts';
import { householdNotes, householdView } from '../../store/households/index.ts';
import { getProfile } from '../../store/account/index.ts';

/**
 * The Settings card: the caller's household (members, pending invitations), or null; their notes;
 * and, once their password has been reset, the account's household steps since it was created.
 */
export const handler = route(API.getHousehold, async ({ caller }) => {
  const [household, { notes, activity }, profile] = await Promise.all([
    householdView(caller.userId),
    householdNotes(caller.userId),
    getProfile(caller.userId),
  ]);
  const resetAt = profile?.password_reset_at ?? null;
  return { household, notes, record: resetAt ? { reset_at: resetAt, activity } : null };
});

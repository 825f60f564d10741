import { API } from '../../shared/routes.ts';
import { route } from '../runtime/http.ts';
import { AccountGoneError } from '../store/liveAccount.ts';
import { updateProfile } from '../store/profiles.ts';

/** Saves the profile and mirrors it onto the Cognito user's attributes. */
export const handler = route(API.updateMe, async ({ caller, body }) => {
  const profile = await updateProfile(caller.userId, body, caller.username);
  // The update is conditional on the profile item itself: no profile means a deleted account.
  if (!profile) throw new AccountGoneError();
  return { profile: { ...profile, is_admin: caller.isAdmin }, isAdmin: caller.isAdmin };
});

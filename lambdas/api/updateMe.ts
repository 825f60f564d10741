import { API_MESSAGES } from '../../shared/messages.ts';
import { API } from '../../shared/routes.ts';
import { notFound, route } from '../runtime/http.ts';
import { updateProfile } from '../store/profiles.ts';

/** Saves the profile and mirrors it onto the Cognito user's attributes. */
export const handler = route(API.updateMe, async ({ caller, body }) => {
  const profile = await updateProfile(caller.userId, body, caller.username);
  if (!profile) throw notFound(API_MESSAGES.profileNotFound);
  return { profile: { ...profile, is_admin: caller.isAdmin }, isAdmin: caller.isAdmin };
});

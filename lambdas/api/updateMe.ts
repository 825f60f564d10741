import { profileUpdateSchema } from '../../shared/schemas.ts';
import { json, notFound, parseBody, route } from '../runtime/http.ts';
import { updateProfile } from '../store/profiles.ts';

/** Saves the profile and mirrors it onto the Cognito user's attributes. */
export const handler = route('user', async (event, caller) => {
  const input = parseBody(event, profileUpdateSchema);
  const profile = await updateProfile(caller.userId, input, caller.username);
  if (!profile) throw notFound('Profile not found');
  return json(200, { profile: { ...profile, is_admin: caller.isAdmin }, isAdmin: caller.isAdmin });
});

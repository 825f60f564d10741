import { API_MESSAGES } from '../../shared/messages.ts';
import { API } from '../../shared/routes.ts';
import { notFound, route } from '../runtime/http.ts';
import { getProfile } from '../store/profiles.ts';

/** The caller's profile; is_admin mirrors the verified token's admin group, the source of truth. */
export const handler = route(API.getMe, async ({ caller }) => {
  const profile = await getProfile(caller.userId);
  if (!profile) throw notFound(API_MESSAGES.profileNotFound);
  return { profile: { ...profile, is_admin: caller.isAdmin }, isAdmin: caller.isAdmin };
});

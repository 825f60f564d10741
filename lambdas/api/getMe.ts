import type { MeResponse } from '../../shared/api.ts';
import { json, notFound, route } from '../runtime/http.ts';
import { getProfile } from '../store/profiles.ts';

/** The caller's profile; is_admin mirrors the verified token's `admin` group, the source of truth. */
export const handler = route('user', async (_event, caller) => {
  const profile = await getProfile(caller.userId);
  if (!profile) throw notFound('Profile not found');
  const body: MeResponse = { profile: { ...profile, is_admin: caller.isAdmin }, isAdmin: caller.isAdmin };
  return json(200, body);
});

import { API } from '../../../shared/routes.ts';
import { route } from '../../features/account/route.ts';
import { AccountGoneError } from '../../store/liveAccount.ts';
import { getProfile } from '../../store/account/index.ts';

/** The caller's profile; is_admin mirrors the verified token's admin group, the source of truth. */
export const handler = route(API.getMe, async ({ caller }) => {
  const profile = await getProfile(caller.userId);
  // A valid token without a profile belongs to a deleted account: the SPA signs out on 410.
  if (!profile) throw new AccountGoneError();
  return { profile: { ...profile, is_admin: caller.isAdmin }, isAdmin: caller.isAdmin };
});

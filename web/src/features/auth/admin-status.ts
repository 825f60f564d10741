/** Loaded lazily by the public pages when this browser may hold a session: asks the API if it is an admin. */
import type { MeResponse } from '#shared/api.ts';
import { apiFetch } from '../../api/client.ts';

/** Failures (expired session, network) count as not admin, and are only logged. */
export async function fetchIsAdmin(): Promise<boolean> {
  try {
    const me = await apiFetch<MeResponse>('/api/me');
    return me.isAdmin === true && me.profile.is_admin === true;
  } catch (error) {
    console.error('Admin check failed', error);
    return false;
  }
}

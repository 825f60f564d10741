/** Loaded lazily by the public pages when this browser may hold a session: asks the API if it is an admin. */
import { API } from '#shared/routes.ts';
import { callApi } from '../../api/client.ts';
import { connectApi } from './session.ts';

/** Failures (expired session, network) count as not admin, and are only logged. */
export async function fetchIsAdmin(): Promise<boolean> {
  connectApi();
  try {
    const me = await callApi(API.getMe);
    return me.isAdmin === true && me.profile.is_admin === true;
  } catch (error) {
    console.error('Admin check failed', error);
    return false;
  }
}

import type { API } from '#shared/routes.ts';
import { callApi } from '../../api/client.ts';
import { thisDeviceId, unsubscribe } from './this-device.ts';

/**
 * Sign-out: this browser stops receiving the account's pushes (its record removed while the session
 * still holds, then the subscription ended). Best effort: sign-out goes on whatever happens here.
 */
export async function forgetThisDevice(): Promise<void> {
  try {
    const id = await thisDeviceId();
    if (!id) return;
    await callApi<typeof API.removePushDevice>(
      { method: 'DELETE', path: '/api/push/devices/{id}' },
      { params: { id } },
    ).catch(() => undefined);
    await unsubscribe();
  } catch {
    // Nothing to forget, or the browser refused: the next sign-in can turn it on again.
  }
}

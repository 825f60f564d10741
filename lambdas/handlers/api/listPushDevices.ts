import { API } from '../../../shared/routes.ts';
import { vapidKeys } from '../../features/push/vapid.ts';
import { route } from '../../features/account/route.ts';
import { getProfile } from '../../store/account/index.ts';
import { listPushDevices, publicDevice } from '../../store/push/index.ts';

export const handler = route(API.listPushDevices, async ({ caller }) => {
  const [devices, keys, profile] = await Promise.all([
    listPushDevices(caller.userId),
    vapidKeys(),
    getProfile(caller.userId),
  ]);
  return {
    devices: devices.map(publicDevice),
    public_key: keys.publicKey,
    push_reminders: profile?.push_reminders ?? true,
  };
});

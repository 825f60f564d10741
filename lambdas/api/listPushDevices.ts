import { API } from '../../shared/routes.ts';
import { vapidKeys } from '../push/vapid.ts';
import { route } from '../runtime/http.ts';
import { listPushDevices, publicDevice } from '../store/pushDevices.ts';

export const handler = route(API.listPushDevices, async ({ caller }) => {
  const [devices, keys] = await Promise.all([listPushDevices(caller.userId), vapidKeys()]);
  return { devices: devices.map(publicDevice), public_key: keys.publicKey };
});

import { API } from '../../../shared/routes.ts';
import { addDevice } from '../../features/push/devices.ts';
import { route } from '../../features/account/route.ts';

/** 'Turn on notifications': the caller's device, its subscription kept. */
export const handler = route(API.addPushDevice, async ({ caller, body }) => ({
  device: await addDevice(caller.userId, body),
}));

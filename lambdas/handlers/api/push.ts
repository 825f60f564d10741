/** The push routes' one function (group 'push' in shared/routes.ts, decision 0036). */
import { groupHandler } from '../../runtime/group.ts';
import { handler as addPushDevice } from './addPushDevice.ts';
import { handler as listPushDevices } from './listPushDevices.ts';
import { handler as removePushDevice } from './removePushDevice.ts';
import { handler as sendTestPush } from './sendTestPush.ts';
import { handler as updatePushSettings } from './updatePushSettings.ts';

export const handler = groupHandler({
  listPushDevices,
  addPushDevice,
  removePushDevice,
  sendTestPush,
  updatePushSettings,
});

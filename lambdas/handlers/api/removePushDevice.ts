import { PUSH_MESSAGES } from '../../../shared/push.ts';
import { API } from '../../../shared/routes.ts';
import { notFound } from '../../runtime/http.ts';
import { route } from '../../features/account/route.ts';
import { removePushDevice } from '../../store/push/index.ts';

export const handler = route(API.removePushDevice, async ({ caller, params }) => {
  if (!(await removePushDevice(caller.userId, params.id))) throw notFound(PUSH_MESSAGES.deviceNotFound);
  return undefined;
});

import { isLocalPushEndpoint, PUSH_MESSAGES } from '../../../shared/push.ts';
import { API } from '../../../shared/routes.ts';
import { env } from '../../runtime/env.ts';
import { DomainError } from '../../runtime/errors.ts';
import { route } from '../../features/account/route.ts';
import { addPushDevice } from '../../store/push/index.ts';

export const handler = route(API.addPushDevice, async ({ caller, body }) => {
  // The local stack's fake push service is plain http on this machine: the local stage takes that
  // one service's origin, no other port, and no other stage takes http at all.
  const endpoint = new URL(body.endpoint);
  const { STAGE, LOCAL_PUSH_ORIGIN } = env();
  if (isLocalPushEndpoint(endpoint) && (STAGE !== 'local' || endpoint.origin !== LOCAL_PUSH_ORIGIN))
    throw new DomainError('invalid', PUSH_MESSAGES.endpointInvalid);
  return { device: await addPushDevice(caller.userId, body) };
});

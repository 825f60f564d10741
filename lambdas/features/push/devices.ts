/**
 * 'Turn on notifications' on a device: its subscription kept, within PUSH_DEVICE_LIMIT devices per
 * account (the store counts them in the same write). Only a push service of the stage's own kind is
 * taken: the local stack's fake one is plain http on this machine, so the local stage takes that
 * one service's origin, no other port, and no other stage takes http at all.
 */
import {
  isLocalPushEndpoint,
  PUSH_MESSAGES,
  type PushDevice,
  type PushSubscriptionInput,
} from '../../../shared/push.ts';
import { env } from '../../runtime/env.ts';
import { DomainError } from '../../runtime/errors.ts';
import { addPushDevice, DeviceLimitError } from '../../store/push/index.ts';

export async function addDevice(userId: string, input: PushSubscriptionInput): Promise<PushDevice> {
  const endpoint = new URL(input.endpoint);
  const { STAGE, LOCAL_PUSH_ORIGIN } = env();
  if (isLocalPushEndpoint(endpoint) && (STAGE !== 'local' || endpoint.origin !== LOCAL_PUSH_ORIGIN))
    throw new DomainError('invalid', PUSH_MESSAGES.endpointInvalid);
  try {
    return await addPushDevice(userId, input);
  } catch (error) {
    if (error instanceof DeviceLimitError) throw new DomainError('conflict', PUSH_MESSAGES.deviceLimit);
    throw error;
  }
}

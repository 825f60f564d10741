/**
 * 'Send a test notification': one push to each of the caller's devices; a device whose push service
 * says the subscription is gone (404, 410) is removed, as the daily job does.
 */
import type { TestPushResult } from '../../../shared/push.ts';
import { PUSH_MESSAGES, type PushPayload } from '../../../shared/push.ts';
import { logger } from '../../runtime/logger.ts';
import { listPushDevices, removePushDevice } from '../../store/push/index.ts';
import { pushTo } from './send.ts';

export const TEST_PUSH: PushPayload = {
  title: PUSH_MESSAGES.testTitle,
  body: PUSH_MESSAGES.testBody,
  url: '/settings',
  tag: 'test',
};

export async function sendTestPush(userId: string): Promise<TestPushResult> {
  const devices = await listPushDevices(userId);
  const outcomes = await Promise.all(devices.map((device) => pushTo(device, TEST_PUSH)));
  const result: TestPushResult = { sent: 0, removed: 0, failed: 0 };
  for (const [index, outcome] of outcomes.entries()) {
    if (outcome.outcome === 'sent') result.sent++;
    else if (outcome.outcome === 'gone') {
      await removePushDevice(userId, devices[index]!.id);
      result.removed++;
    } else {
      logger.warn('Test push failed', { userId, error: outcome.error });
      result.failed++;
    }
  }
  return result;
}

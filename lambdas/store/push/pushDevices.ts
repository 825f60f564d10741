/**
 * The devices a user turned notifications on for: one item per push subscription in the user's
 * partition (account deletion removes them with the rest). The profile counts them, in the same
 * transaction as each add and removal, so the cap holds even when two devices are added at once, and
 * a write for a deleted account fails (the profile is gone).
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { PushDevice } from '../../../shared/push.ts';
import { PUSH_BROWSERS, PUSH_DEVICE_LIMIT, PUSH_PLATFORMS, pushDeviceId } from '../../../shared/push.ts';
import type { PushSubscriptionInput } from '../../../shared/push.ts';
import { COUNTERS, ENTITY, keys } from '../../../shared/table.ts';
import { dynamo } from '../../runtime/clients.ts';
import { StoreRefusal } from '../../runtime/refusal.ts';
import { getItem, ITEM_ABSENT, ITEM_EXISTS, itemKey, queryAll, tableName } from '../db.ts';
import { AccountGoneError } from '../liveAccount.ts';

/** The account has PUSH_DEVICE_LIMIT devices already: the use case (lambdas/features/push) words it. */
export class DeviceLimitError extends StoreRefusal<'device_limit'> {
  constructor() {
    super('device_limit');
  }
}

const deviceItem = z.object({
  id: z.string(),
  user_id: z.string(),
  endpoint: z.string(),
  p256dh: z.string(),
  auth: z.string(),
  browser: z.enum(PUSH_BROWSERS),
  platform: z.enum(PUSH_PLATFORMS),
  created_at: z.string(),
});
/** A device as stored: with its subscription, which only the push sender reads. */
export type StoredPushDevice = z.infer<typeof deviceItem>;

export const publicDevice = (device: StoredPushDevice): PushDevice => ({
  id: device.id,
  browser: device.browser,
  platform: device.platform,
  created_at: device.created_at,
});

export async function listPushDevices(userId: string): Promise<StoredPushDevice[]> {
  const items = await queryAll({ pk: keys.user(userId), sk: { beginsWith: keys.pushDevicePrefix } });
  return items.map((item) => deviceItem.parse(item)).sort((a, b) => a.created_at.localeCompare(b.created_at));
}

const cancelledBy = (error: unknown, index: number) =>
  error instanceof TransactionCanceledException &&
  error.CancellationReasons?.[index]?.Code === 'ConditionalCheckFailed';

/**
 * Turns notifications on for a device: a new subscription is counted against the cap; the same
 * endpoint again (the browser renewed its keys, or the button was pressed twice) replaces its keys.
 */
export async function addPushDevice(userId: string, input: PushSubscriptionInput, now = new Date()) {
  const id = await pushDeviceId(input.endpoint);
  const device: StoredPushDevice = {
    id,
    user_id: userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    browser: input.browser,
    platform: input.platform,
    created_at: now.toISOString(),
  };
  const item = { ...itemKey(keys.user(userId), keys.pushDevice(id)), entity: ENTITY.pushDevice, ...device };
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: itemKey(keys.user(userId), keys.profile()),
              ConditionExpression: `${ITEM_EXISTS} AND (attribute_not_exists(#count) OR #count < :limit)`,
              UpdateExpression: 'ADD #count :one',
              ExpressionAttributeNames: { '#count': COUNTERS.pushDevices },
              ExpressionAttributeValues: { ':limit': PUSH_DEVICE_LIMIT, ':one': 1 },
            },
          },
          { Put: { TableName: tableName(), Item: item, ConditionExpression: ITEM_ABSENT } },
        ],
      }),
    );
    return publicDevice(device);
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
  }
  // The device is there already: replace its subscription, keeping when it was first turned on.
  const existing = await getItem(keys.user(userId), keys.pushDevice(id));
  if (existing) return replaceDevice(item, deviceItem.parse(existing));
  if (!(await getItem(keys.user(userId), keys.profile()))) throw new AccountGoneError();
  throw new DeviceLimitError();
}

async function replaceDevice(item: Record<string, unknown>, existing: StoredPushDevice): Promise<PushDevice> {
  const kept = { ...item, created_at: existing.created_at };
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: tableName(),
              Key: itemKey(keys.user(existing.user_id), keys.profile()),
              ConditionExpression: ITEM_EXISTS,
            },
          },
          { Put: { TableName: tableName(), Item: kept } },
        ],
      }),
    );
  } catch (error) {
    if (cancelledBy(error, 0)) throw new AccountGoneError();
    throw error;
  }
  return publicDevice(deviceItem.parse(kept));
}

/**
 * Removes a device and gives its place back, in one write. False when it is not there (removed
 * already, or never the caller's): a 404 for a request, nothing to do for the push sender.
 */
export async function removePushDevice(userId: string, deviceId: string): Promise<boolean> {
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: itemKey(keys.user(userId), keys.pushDevice(deviceId)),
              ConditionExpression: ITEM_EXISTS,
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: itemKey(keys.user(userId), keys.profile()),
              ConditionExpression: ITEM_EXISTS,
              UpdateExpression: 'ADD #count :minus',
              ExpressionAttributeNames: { '#count': COUNTERS.pushDevices },
              ExpressionAttributeValues: { ':minus': -1 },
            },
          },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (cancelledBy(error, 0)) return false;
    if (cancelledBy(error, 1)) throw new AccountGoneError();
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

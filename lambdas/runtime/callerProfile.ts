/**
 * The caller's profile, read once per request. route() reads it (consistently) to check the access
 * token against the account's ended sessions (shared/sessions.ts); the first read of that same
 * profile in the request (lambdas/store/account/profiles.ts getProfile) takes this copy instead of reading
 * again, so a route whose handler reads the profile costs no extra read. Only the first: anything
 * the request writes afterwards is read fresh. Nothing else is kept between requests.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys, TABLE_KEYS } from '../../shared/table.ts';
import { dynamo } from './clients.ts';
import { env } from './env.ts';

type Item = Record<string, unknown>;
interface Slot {
  userId: string;
  item: Item | undefined;
  taken: boolean;
}

const slot = new AsyncLocalStorage<Slot>();

/** The profile item of `userId` (consistent: a reset that just ended the sessions is seen). */
export async function readProfileItem(userId: string): Promise<Item | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: env().TABLE_NAME,
      Key: { [TABLE_KEYS.partitionKey]: keys.user(userId), [TABLE_KEYS.sortKey]: keys.profile() },
      ConsistentRead: true,
    }),
  );
  return Item;
}

/** Runs `work` with the caller's profile as route() read it. */
export function withCallerProfile<T>(userId: string, item: Item | undefined, work: () => Promise<T>) {
  return slot.run({ userId, item, taken: false }, work);
}

/**
 * The caller's profile item as route() read it, the first time it is asked for in the request (and
 * only for the caller); afterwards, or for anyone else, undefined: read it.
 */
export function takeCallerProfile(userId: string): { item: Item | undefined } | undefined {
  const current = slot.getStore();
  if (!current || current.taken || current.userId !== userId) return undefined;
  current.taken = true;
  return { item: current.item };
}

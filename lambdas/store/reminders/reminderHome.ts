/**
 * Where a reminder lives: the caller's own partition, or their household's (a shared reminder,
 * decision 0044). Every household read starts from the caller's own membership item, so a request
 * never names a household; every write into the household's partition holds only while the caller
 * is still a member, in the same transaction, as writes into a user's own partition hold only while
 * the profile exists.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { Reminder } from '../../../shared/api.ts';
import { REMINDER_LIMIT } from '../../../shared/limits.ts';
import { hasLeft } from '../../../shared/reminder/sharing.ts';
import { COUNTERS, keys } from '../../../shared/table.ts';
import { NoLongerMemberError } from '../../runtime/refusal.ts';
import { getItem, ITEM_EXISTS, itemKey } from '../db.ts';
import { membershipOf } from '../households/index.ts';
import { getVisibleReminderItem } from './imports.ts';
import { profileExists, stillMember } from '../guards.ts';
import { parseReminder } from '../items.ts';
import {
  AccountGoneError,
  ReminderLimitError,
  writeWhileAccountExists,
  type LiveWrite,
} from '../liveAccount.ts';
import { ConditionsFailed, transact } from '../transact.ts';

export interface Home {
  /** The partition: `USER#{sub}` or `HOUSEHOLD#{id}`. */
  pk: string;
  /** The caller (or, in the job, the member a mail goes to). */
  userId: string;
  /**
   * Set for a household's partition: the household and the caller's membership in it, with the
   * shared reminders they left (which they no longer see), when read from their membership.
   */
  household: { id: string; membershipId: string; left?: readonly string[] } | null;
}

export const ownHome = (userId: string): Home => ({ pk: keys.user(userId), userId, household: null });

export const householdHomeOf = (
  userId: string,
  householdId: string,
  membershipId: string,
  left: readonly string[] = [],
): Home => ({
  pk: keys.household(householdId),
  userId,
  household: { id: householdId, membershipId, left },
});

/** The caller's household's partition, or undefined when the caller is in none. */
export async function householdHome(userId: string): Promise<Home | undefined> {
  const membership = await membershipOf(userId);
  return (
    membership &&
    householdHomeOf(userId, membership.household_id, membership.membership_id, membership.left_reminders)
  );
}

/** Whether the caller sees this item of `home`: not a shared reminder they left. */
export const seesAt = (home: Home, item: Record<string, unknown>) =>
  !hasLeft(home.household?.left, String(item.id));

/** The reminder `id` as the caller may see it: their own first, then their household's. */
export async function findReminder(
  userId: string,
  id: string,
): Promise<{ home: Home; item: Record<string, unknown> } | undefined> {
  const own = await getVisibleReminderItem(userId, id);
  if (own) return { home: ownHome(userId), item: own };
  const home = await householdHome(userId);
  if (!home) return undefined;
  const item = await getItem(home.pk, keys.reminder(id));
  return item && seesAt(home, item) ? { home, item } : undefined;
}

/**
 * A stored reminder as `home`'s caller sees it. A household's items hold no user id (nothing in them
 * names a person but by membership id): the reader's own id stands in.
 */
export const reminderAt = (home: Home, item: Record<string, unknown>): Reminder =>
  parseReminder(home.household ? { ...item, user_id: home.userId } : item);

/** The household item's reminder count moved by `add`, never past REMINDER_LIMIT. */
function householdCount(householdId: string, add: number): LiveWrite {
  return {
    Update: {
      Key: itemKey(keys.household(householdId), keys.householdEntry()),
      UpdateExpression: 'ADD #count :add',
      ConditionExpression:
        add > 0 ? `${ITEM_EXISTS} AND (attribute_not_exists(#count) OR #count <= :most)` : ITEM_EXISTS,
      ExpressionAttributeNames: { '#count': COUNTERS.householdReminders },
      ExpressionAttributeValues: { ':add': add, ...(add > 0 ? { ':most': REMINDER_LIMIT - add } : {}) },
    },
  };
}

export { NoLongerMemberError };

/**
 * Applies `writes` into `home` atomically: for the caller's own partition while the profile exists
 * (writeWhileAccountExists); for the household's while the caller is still a member and their
 * profile exists, with the household's reminder count moved by `addReminders`. A write's own failed
 * condition is a ConditionalCheckFailedException, as a single write's would be.
 */
export async function writeAt(home: Home, writes: LiveWrite[], addReminders = 0): Promise<void> {
  if (!home.household) return writeWhileAccountExists(home.userId, writes, addReminders);
  const guards: LiveWrite[] = [stillMember(home.userId, home.household.id), profileExists(home.userId)];
  if (addReminders !== 0) guards.push(householdCount(home.household.id, addReminders));
  try {
    await transact([...guards, ...writes]);
  } catch (error) {
    if (!(error instanceof ConditionsFailed)) throw error;
    const [member, profile, count] = error.failed;
    if (profile) throw new AccountGoneError();
    if (member) throw new NoLongerMemberError();
    if (addReminders !== 0 && count) throw new ReminderLimitError();
    throw new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
  }
}

/** The guards of a transaction that moves a reminder between the caller's two homes. */
export function movingGuards(userId: string, householdId: string, toHousehold: boolean): LiveWrite[] {
  return [
    stillMember(userId, householdId),
    {
      Update: {
        Key: itemKey(keys.user(userId), keys.profile()),
        UpdateExpression: 'ADD #count :add',
        ConditionExpression: toHousehold
          ? ITEM_EXISTS
          : `${ITEM_EXISTS} AND (attribute_not_exists(#count) OR #count <= :most)`,
        ExpressionAttributeNames: { '#count': COUNTERS.accountReminders },
        ExpressionAttributeValues: {
          ':add': toHousehold ? -1 : 1,
          ...(toHousehold ? {} : { ':most': REMINDER_LIMIT - 1 }),
        },
      },
    },
    householdCount(householdId, toHousehold ? 1 : -1),
  ];
}

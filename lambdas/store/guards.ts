/**
 * The conditions household writes hold on, as items of a transaction: the caller's profile exists,
 * and their own membership item still names the household (decisions 0044 and 0046).
 */
import { keys } from '../../shared/table.ts';
import { ITEM_EXISTS, itemKey } from './db.ts';
import type { LiveWrite } from './liveAccount.ts';

export const profileExists = (userId: string): LiveWrite => ({
  ConditionCheck: { Key: itemKey(keys.user(userId), keys.profile()), ConditionExpression: ITEM_EXISTS },
});

/** The caller is (still) in this household (and, with `asOwner`, still its owner). */
export const stillMember = (userId: string, householdId: string, asOwner = false): LiveWrite => ({
  ConditionCheck: {
    Key: itemKey(keys.user(userId), keys.householdOfUser()),
    ConditionExpression: asOwner ? 'household_id = :hid AND #role = :owner' : 'household_id = :hid',
    ...(asOwner ? { ExpressionAttributeNames: { '#role': 'role' } } : {}),
    ExpressionAttributeValues: { ':hid': householdId, ...(asOwner ? { ':owner': 'owner' } : {}) },
  },
});

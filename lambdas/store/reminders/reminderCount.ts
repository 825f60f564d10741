/**
 * The account's count of reminders, kept on its profile (COUNTERS.accountReminders) and moved in the
 * same transaction as each reminder written or deleted (liveAccount.ts), so REMINDER_LIMIT holds
 * under any number of requests at once. Accounts from before the count get theirs counted once.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { COUNTERS, ENTITY, IMPORT_PENDING, keys } from '../../../shared/table.ts';
import { dynamo } from '../../runtime/clients.ts';
import { getItem, ITEM_EXISTS, itemKey, queryAll, tableName } from '../db.ts';
import { AccountGoneError } from '../liveAccount.ts';

/** Reminder items an account keeps: all but those of an import that never committed (decision 0021). */
async function countStored(userId: string): Promise<number> {
  const [reminders, batches] = await Promise.all([
    queryAll({ pk: keys.user(userId), sk: { beginsWith: keys.reminderPrefix } }),
    queryAll({ pk: keys.user(userId), sk: { beginsWith: keys.importBatch('') } }),
  ]);
  const committed = new Set(batches.filter((b) => b.entity === ENTITY.importBatch).map((b) => String(b.id)));
  return reminders.filter((item) => {
    const pending = item[IMPORT_PENDING];
    return typeof pending !== 'string' || committed.has(pending);
  }).length;
}

/**
 * How many reminders the account keeps, counting them once if its profile has no count yet. `read`:
 * the profile item the caller has just read, so a create reads it once.
 */
export async function reminderCountOf(userId: string, read?: Record<string, unknown>): Promise<number> {
  const profile = read ?? (await getItem(keys.user(userId), keys.profile()));
  if (!profile) throw new AccountGoneError();
  const count = profile[COUNTERS.accountReminders];
  if (typeof count === 'number') return count;
  const stored = await countStored(userId);
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: itemKey(keys.user(userId), keys.profile()),
        UpdateExpression: 'SET #count = :stored',
        ConditionExpression: `${ITEM_EXISTS} AND attribute_not_exists(#count)`,
        ExpressionAttributeNames: { '#count': COUNTERS.accountReminders },
        ExpressionAttributeValues: { ':stored': stored },
      }),
    );
    return stored;
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    // Counted meanwhile by another request (or the account is gone): read what is there.
    return reminderCountOf(userId);
  }
}

/**
 * Writes into a user's partition happen only while the user's profile exists: each is one
 * TransactWriteItems with a ConditionCheck on the profile item, so a write racing an account
 * deletion either lands before the profile is deleted (and deletion then finds and removes it) or
 * fails. A read-then-write would leave an orphan when the deletion falls between the two.
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { REMINDER_LIMIT } from '../../shared/limits.ts';
import { COUNTERS, ENTITY, keys } from '../../shared/table.ts';
import { dynamo } from '../runtime/clients.ts';
import { AccountGoneError, ReminderLimitError } from '../runtime/refusal.ts';
import { getItem, ITEM_EXISTS, itemKey, putItem, tableName } from './db.ts';

/** What a deleted user's kept records say instead of the user id and the address. */
export const ANONYMISED_USER = 'deleted-user';
export const ANONYMISED_EMAIL = 'deleted@anonymised.invalid';

/** The store's refusals any write of an account can meet: named here, worded by the route (runtime). */
export { AccountGoneError, ReminderLimitError };

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
type Write = Omit<NonNullable<TransactItem['Put']>, 'TableName'>;

/** One write of a transaction; the table name is filled in. */
export type LiveWrite =
  | { Put: Write }
  | { Update: Omit<NonNullable<TransactItem['Update']>, 'TableName'> }
  | { Delete: Omit<NonNullable<TransactItem['Delete']>, 'TableName'> }
  | { ConditionCheck: Omit<NonNullable<TransactItem['ConditionCheck']>, 'TableName'> };

/** The writes as TransactWriteItems takes them, each with the table's name. */
export function withTableName(writes: readonly LiveWrite[]): TransactItem[] {
  const table = tableName();
  return writes.map((write) => {
    const [kind, body] = Object.entries(write)[0] as [string, object];
    return { [kind]: { ...body, TableName: table } } as TransactItem;
  });
}

/**
 * The profile's part of the transaction: that it exists, and with `addReminders` its count of
 * reminders moved by that many, never past REMINDER_LIMIT (the profile is one item of the
 * transaction, so the check and the count are one operation).
 */
function profileCheck(table: string, userId: string, addReminders: number): TransactItem {
  const Key = itemKey(keys.user(userId), keys.profile());
  if (addReminders === 0)
    return { ConditionCheck: { TableName: table, Key, ConditionExpression: ITEM_EXISTS } };
  return {
    Update: {
      TableName: table,
      Key,
      UpdateExpression: 'ADD #count :add',
      ConditionExpression:
        addReminders > 0
          ? `${ITEM_EXISTS} AND (attribute_not_exists(#count) OR #count <= :most)`
          : ITEM_EXISTS,
      ExpressionAttributeNames: { '#count': COUNTERS.accountReminders },
      ExpressionAttributeValues: {
        ':add': addReminders,
        ...(addReminders > 0 ? { ':most': REMINDER_LIMIT - addReminders } : {}),
      },
    },
  };
}

/**
 * Applies `writes` atomically if the user's profile exists (and, with `addReminders`, moves the
 * account's count of reminders within REMINDER_LIMIT). Throws AccountGoneError when it does not,
 * ReminderLimitError past the limit, and ConditionalCheckFailedException when a write's own condition
 * failed (as a single write would).
 */
export async function writeWhileAccountExists(
  userId: string,
  writes: LiveWrite[],
  addReminders = 0,
): Promise<void> {
  const table = tableName();
  const withTable = withTableName(writes);
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [profileCheck(table, userId, addReminders), ...withTable],
      }),
    );
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const reasons = error.CancellationReasons ?? [];
    if (reasons[0]?.Code === 'ConditionalCheckFailed') {
      if (addReminders > 0 && (await getItem(keys.user(userId), keys.profile())))
        throw new ReminderLimitError();
      throw new AccountGoneError();
    }
    if (reasons.some((r) => r.Code === 'ConditionalCheckFailed')) {
      throw new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
    }
    throw error;
  }
}

/** A log item that names a user, and its pointer in the user's partition (keys.logRef). */
export function logNamingUserItems(
  userId: string,
  key: { pk: string; sk: string },
  fields: Record<string, unknown>,
): { item: Record<string, unknown>; ref: Record<string, unknown> } {
  return {
    item: { ...itemKey(key.pk, key.sk), ...fields },
    ref: {
      ...itemKey(keys.user(userId), keys.logRef(key.pk, key.sk)),
      entity: ENTITY.logRef,
      ref_pk: key.pk,
      ref_sk: key.sk,
    },
  };
}

/**
 * Puts a log item outside the user's partition that names the user, with a pointer to it in the
 * partition (keys.logRef) so account deletion can find and anonymise it without a scan. When the
 * account is already gone, the item is written with `anonymised` instead, and no pointer.
 */
export async function putLogNamingUser(
  userId: string,
  key: { pk: string; sk: string },
  fields: Record<string, unknown>,
  anonymised: Record<string, unknown>,
): Promise<void> {
  const { item, ref } = logNamingUserItems(userId, key, fields);
  try {
    await writeWhileAccountExists(userId, [{ Put: { Item: item } }, { Put: { Item: ref } }]);
  } catch (error) {
    if (!(error instanceof AccountGoneError)) throw error;
    await putItem({ ...item, ...anonymised });
  }
}

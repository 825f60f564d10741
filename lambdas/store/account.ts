import { AdminDeleteUserCommand, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { keys, TABLE_KEYS } from '../../shared/table.ts';
import { batchWriteAll } from '../runtime/batch.ts';
import { cognitoClient } from '../runtime/clients.ts';
import { env } from '../runtime/env.ts';
import { queryAll } from '../runtime/query.ts';
import { adjustCounters, countReminder } from './stats.ts';
import { toPence } from './savings.ts';

/** What a deleted user's send records keep: the mail log, without the person. */
export const ANONYMISED_USER = 'deleted-user';
export const ANONYMISED_EMAIL = 'deleted@anonymised.invalid';

/**
 * Deletes every item of the user (profile, reminders, savings, send records), keeps the counters
 * true, then the Cognito user. Send records are first copied out of the user's partition with the
 * address and the user id removed, so the mail log stays whole but names no one. Safe to retry: a
 * second run finds nothing left and deletes the login.
 */
export async function deleteAccount(userId: string, username: string): Promise<{ itemsDeleted: number }> {
  const items = await queryAll({
    TableName: env().TABLE_NAME,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': TABLE_KEYS.partitionKey },
    ExpressionAttributeValues: { ':pk': keys.user(userId) },
  });

  const anonymised = items
    .filter((item) => item.entity === 'email_send')
    .map((item) => ({
      PutRequest: {
        Item: {
          ...item,
          pk: keys.anonymisedSends(),
          sk: `${item.created_at as string}#${item.id as string}`,
          user_id: ANONYMISED_USER,
          to_email: ANONYMISED_EMAIL,
          claim_token: null,
        },
      },
    }));
  await batchWriteAll(anonymised);
  await batchWriteAll(items.map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } })));

  const deltas: Record<string, number> = {};
  const add = (name: string, delta: number) => (deltas[name] = (deltas[name] ?? 0) + delta);
  for (const item of items) {
    if (item.entity === 'profile') {
      add('users', -1);
      add(`country_${item.country as string}`, -1);
    }
    if (item.entity === 'saving') {
      add('savings_reports', -1);
      add('savings_total_pence', -toPence(item.saved_amount as number));
    }
  }
  await adjustCounters(deltas);
  for (const item of items) {
    if (item.entity === 'reminder') {
      await countReminder(
        { category: item.category as string, renewal_date: item.renewal_date as string },
        -1,
      );
    }
  }

  try {
    await cognitoClient().send(
      new AdminDeleteUserCommand({ UserPoolId: env().USER_POOL_ID, Username: username }),
    );
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
  }
  return { itemsDeleted: items.length };
}

import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { AdminDeleteUserCommand, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { keys, TABLE_KEYS } from '../../shared/table.ts';
import { cognitoClient, dynamo } from '../lib/clients.ts';
import { env } from '../lib/env.ts';
import { adjustCounters, countReminder } from './stats.ts';
import { toPence } from './savings.ts';

/**
 * Deletes every item of the user (profile, reminders, savings), keeps the counters true, then the
 * Cognito user. Safe to retry: a second run finds nothing left to delete and deletes the login.
 */
export async function deleteAccount(userId: string, username: string): Promise<{ itemsDeleted: number }> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: env().TABLE_NAME,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': TABLE_KEYS.partitionKey },
        ExpressionAttributeValues: { ':pk': keys.user(userId) },
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);

  for (let i = 0; i < items.length; i += 25) {
    let requests = items
      .slice(i, i + 25)
      .map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } }));
    // BatchWrite may leave some unprocessed under load: retry those until none remain.
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
      const result = await dynamo().send(
        new BatchWriteCommand({ RequestItems: { [env().TABLE_NAME]: requests } }),
      );
      requests = (result.UnprocessedItems?.[env().TABLE_NAME] ?? []) as typeof requests;
    }
  }

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

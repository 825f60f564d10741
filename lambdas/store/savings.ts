import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SavingsRecord, SavingsSummary } from '../../shared/api.ts';
import type { SavingsInput } from '../../shared/schemas.ts';
import { keys, TABLE_KEYS } from '../../shared/table.ts';
import { dynamo } from '../runtime/clients.ts';
import { env } from '../runtime/env.ts';
import { queryAll } from '../runtime/query.ts';
import { adjustCounters } from './stats.ts';

/** Pence, so totals kept by atomic ADD never drift the way float pounds would. */
export const toPence = (pounds: number) => Math.round(pounds * 100);

export async function recordSavings(
  userId: string,
  reminderId: string,
  input: SavingsInput,
  now = new Date(),
): Promise<SavingsRecord> {
  const record: SavingsRecord = {
    id: randomUUID(),
    reminder_id: reminderId,
    user_id: userId,
    outcome: input.outcome,
    saved_amount: input.saved_amount,
    created_at: now.toISOString(),
  };
  await dynamo().send(
    new PutCommand({
      TableName: env().TABLE_NAME,
      Item: {
        pk: keys.user(userId),
        sk: keys.saving(reminderId, record.created_at),
        entity: 'saving',
        ...record,
      },
    }),
  );
  await adjustCounters({ savings_reports: 1, savings_total_pence: toPence(record.saved_amount) });
  return record;
}

export async function listSavings(userId: string): Promise<SavingsSummary> {
  const items = await queryAll({
    TableName: env().TABLE_NAME,
    KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
    ExpressionAttributeNames: { '#pk': TABLE_KEYS.partitionKey, '#sk': TABLE_KEYS.sortKey },
    ExpressionAttributeValues: { ':pk': keys.user(userId), ':prefix': keys.savingPrefix },
  });
  const records: SavingsRecord[] = items.map((item) => ({
    id: item.id as string,
    reminder_id: item.reminder_id as string,
    user_id: item.user_id as string,
    outcome: item.outcome as SavingsRecord['outcome'],
    saved_amount: item.saved_amount as number,
    created_at: item.created_at as string,
  }));
  const pence = records
    .filter((r) => r.outcome === 'saved')
    .reduce((sum, r) => sum + toPence(r.saved_amount), 0);
  return { total: pence / 100, records };
}

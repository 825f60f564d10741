import { randomUUID } from 'node:crypto';
import type { SavingsRecord, SavingsSummary } from '../../shared/api.ts';
import type { SavingsInput } from '../../shared/schemas.ts';
import { COUNTERS, ENTITY, keys } from '../../shared/table.ts';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { ITEM_EXISTS, itemKey, queryAll } from './db.ts';
import { parseSaving } from './items.ts';
import { writeWhileAccountExists } from './liveAccount.ts';
import { applyCounters, globalShard } from './stats.ts';

/** Pence, so totals kept by atomic ADD never drift the way float pounds would. */
export const toPence = (pounds: number) => Math.round(pounds * 100);

/** Records one outcome for the owner's reminder; undefined when the reminder is not the owner's. */
export async function recordSavings(
  userId: string,
  reminderId: string,
  input: SavingsInput,
  now = new Date(),
): Promise<SavingsRecord | undefined> {
  const record: SavingsRecord = {
    id: randomUUID(),
    reminder_id: reminderId,
    user_id: userId,
    outcome: input.outcome,
    saved_amount: input.saved_amount,
    created_at: now.toISOString(),
  };
  try {
    // The reminder must still be there when the outcome is written, not only when it was looked up.
    await writeWhileAccountExists(userId, [
      {
        ConditionCheck: {
          Key: itemKey(keys.user(userId), keys.reminder(reminderId)),
          ConditionExpression: ITEM_EXISTS,
        },
      },
      {
        Put: {
          Item: {
            ...itemKey(keys.user(userId), keys.saving(reminderId, record.created_at)),
            entity: ENTITY.saving,
            ...record,
          },
        },
      },
    ]);
  } catch (error) {
    // The profile's check failing is AccountGoneError; this is the reminder's.
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
  await applyCounters('savings recorded', [
    {
      key: globalShard(),
      deltas: {
        [COUNTERS.savingsReports]: 1,
        [COUNTERS.savingsTotalPence]: toPence(record.saved_amount),
      },
    },
  ]);
  return record;
}

export async function listSavings(userId: string): Promise<SavingsSummary> {
  const items = await queryAll({ pk: keys.user(userId), sk: { beginsWith: keys.savingPrefix } });
  const records = items.map(parseSaving);
  const pence = records
    .filter((r) => r.outcome === 'saved')
    .reduce((sum, r) => sum + toPence(r.saved_amount), 0);
  return { total: pence / 100, records };
}

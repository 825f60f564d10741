/**
 * One TransactWriteItems whose refusal says which of its writes' conditions failed, in order, so a
 * store can answer each with its own message (the household's writes: decision 0044).
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../runtime/clients.ts';
import { tableName } from './db.ts';
import type { LiveWrite } from './liveAccount.ts';

/** The transaction was refused: `failed[i]` is true where write i's condition did not hold. */
export class ConditionsFailed extends Error {
  constructor(readonly failed: boolean[]) {
    super('A condition of the transaction did not hold');
  }
}

export async function transact(writes: readonly LiveWrite[]): Promise<void> {
  const table = tableName();
  const TransactItems = writes.map((write) => {
    const [kind, body] = Object.entries(write)[0] as [string, object];
    return { [kind]: { ...body, TableName: table } };
  });
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems }));
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const reasons = error.CancellationReasons ?? [];
    if (!reasons.some((r) => r.Code === 'ConditionalCheckFailed')) throw error;
    throw new ConditionsFailed(writes.map((_, i) => reasons[i]?.Code === 'ConditionalCheckFailed'));
  }
}

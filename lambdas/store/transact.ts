/**
 * One TransactWriteItems whose refusal says which of its writes' conditions failed, in order, so a
 * store can answer each with its own message (the household's writes: decision 0044).
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../runtime/clients.ts';
import { withTableName, type LiveWrite } from './liveAccount.ts';

/** The transaction was refused: `failed[i]` is true where write i's condition did not hold. */
export class ConditionsFailed extends Error {
  constructor(readonly failed: boolean[]) {
    super('A condition of the transaction did not hold');
  }
}

export async function transact(writes: readonly LiveWrite[]): Promise<void> {
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: withTableName(writes) }));
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const reasons = error.CancellationReasons ?? [];
    if (!reasons.some((r) => r.Code === 'ConditionalCheckFailed')) throw error;
    throw new ConditionsFailed(writes.map((_, i) => reasons[i]?.Code === 'ConditionalCheckFailed'));
  }
}

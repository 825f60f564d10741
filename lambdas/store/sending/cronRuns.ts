import type { CronRun } from '../../../shared/api.ts';
import { ENTITY, keys, TTL_ATTRIBUTE } from '../../../shared/table.ts';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../runtime/clients.ts';
import { ITEM_EXISTS, itemKey, putItem, queryPage, tableName } from '../db.ts';
import { parseCronRun } from '../items.ts';

/** What a run records of itself; `status` is derived when read. */
export type CronRunRecord = Omit<CronRun, 'status'>;

/**
 * Records one run of the reminder job (real or simulated) in the cron log: when the planner starts
 * (`planning`), and again when it has planned and before it queues, so the senders always find it.
 */
export async function recordCronRun(run: CronRunRecord): Promise<void> {
  await putItem({
    ...itemKey(keys.cronRuns(), keys.cronRun(run.ran_at, run.id)),
    entity: ENTITY.cronRun,
    ...run,
  });
}

/** A run's record holds at most this many errors; the logs hold every one. */
export const MAX_RUN_ERRORS = 50;

/** How long a counted message's marker is kept: far longer than SQS redelivers a message. */
const COUNTED_MESSAGE_KEPT_SECONDS = 2 * 24 * 60 * 60;

/**
 * A sender's results, added to the record of the run that planned its mails: ADD keeps concurrent
 * senders from overwriting each other. A finished message (`done` > 0) is counted in the same write
 * as its marker, once: a message that SQS hands out again after its sender died having counted it
 * adds nothing. Errors are appended while the record holds fewer than MAX_RUN_ERRORS, so it never
 * grows without bound. A record that is gone is left alone.
 */
export async function addRunResults(
  run: { id: string; ranAt: string },
  results: { sent: number; done: number; errors: string[] },
  messageId: string,
): Promise<void> {
  const Key = itemKey(keys.cronRuns(), keys.cronRun(run.ranAt, run.id));
  const count = {
    TableName: tableName(),
    Key,
    ConditionExpression: ITEM_EXISTS,
    UpdateExpression: 'ADD items_processed :sent, done :done',
    ExpressionAttributeValues: { ':sent': results.sent, ':done': results.done },
  };
  try {
    if (results.done === 0) {
      await dynamo().send(new UpdateCommand(count));
    } else {
      await dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: tableName(),
                Item: {
                  ...itemKey(keys.runMessages(run.id), keys.runMessage(messageId)),
                  entity: ENTITY.runMessage,
                  [TTL_ATTRIBUTE]: Math.floor(Date.now() / 1000) + COUNTED_MESSAGE_KEPT_SECONDS,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            { Update: count },
          ],
        }),
      );
    }
    if (results.errors.length === 0) return;
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key,
        ConditionExpression: `${ITEM_EXISTS} AND size(errors) < :max`,
        UpdateExpression: 'SET errors = list_append(errors, :errors)',
        ExpressionAttributeValues: { ':errors': results.errors, ':max': MAX_RUN_ERRORS },
      }),
    );
  } catch (error) {
    // Counted before (the marker exists), or the record is gone: nothing to add.
    if (error instanceof ConditionalCheckFailedException) return;
    if (error instanceof TransactionCanceledException) {
      if (error.CancellationReasons?.some((reason) => reason.Code === 'ConditionalCheckFailed')) return;
    }
    throw error;
  }
}

/** Mails the planner could not put on the queue: the record says so, and counts only what went. */
export async function noteQueueShortfall(
  run: { id: string; ranAt: string },
  shortfall: { notQueued: number; errors: string[] },
): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: itemKey(keys.cronRuns(), keys.cronRun(run.ranAt, run.id)),
      UpdateExpression: 'ADD queued :minus SET errors = list_append(errors, :errors)',
      ExpressionAttributeValues: { ':minus': -shortfall.notQueued, ':errors': shortfall.errors },
    }),
  );
}

export async function latestCronRuns(
  limit: number,
  options: { realOnly?: boolean; now?: Date } = {},
): Promise<CronRun[]> {
  const items = await queryPage(
    { pk: keys.cronRuns() },
    options.realOnly
      ? {
          newestFirst: true,
          limit: limit * 10,
          filter: { expression: 'simulated = :false', values: { ':false': false } },
        }
      : { newestFirst: true, limit },
  );
  return items.slice(0, limit).map((item) => parseCronRun(item, options.now ?? new Date()));
}

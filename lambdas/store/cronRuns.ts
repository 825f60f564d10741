import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { CronRun } from '../../shared/api.ts';
import { keys } from '../../shared/table.ts';
import { dynamo } from '../runtime/clients.ts';
import { env } from '../runtime/env.ts';

export async function latestCronRuns(
  limit: number,
  options: { realOnly?: boolean } = {},
): Promise<CronRun[]> {
  const page = await dynamo().send(
    new QueryCommand({
      TableName: env().TABLE_NAME,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.cronRuns(), ...(options.realOnly ? { ':false': false } : {}) },
      ...(options.realOnly ? { FilterExpression: 'simulated = :false' } : {}),
      ScanIndexForward: false,
      Limit: options.realOnly ? limit * 10 : limit,
    }),
  );
  return (page.Items ?? []).slice(0, limit).map((item) => ({
    id: item.id as string,
    ran_at: item.ran_at as string,
    date: item.date as string,
    trigger: (item.trigger as CronRun['trigger'] | undefined) ?? 'schedule',
    simulated: item.simulated === true,
    items_processed: (item.items_processed as number | undefined) ?? 0,
    planned: (item.planned as number | undefined) ?? 0,
    skipped: (item.skipped as number | undefined) ?? 0,
    errors: (item.errors as string[] | undefined) ?? [],
    duration_ms: (item.duration_ms as number | undefined) ?? 0,
  }));
}

import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { isoDate } from '../../shared/schemas.ts';
import { keys } from '../../shared/table.ts';
import { todayIn } from '../../shared/dates.ts';
import { dynamo } from '../lib/clients.ts';
import { env } from '../lib/env.ts';
import { logger } from '../lib/logger.ts';

/** Scheduler events carry no payload we rely on; a manual run may name a date. */
const eventSchema = z
  .object({ date: isoDate.optional(), simulate: z.boolean().optional() })
  .passthrough()
  .default({});

export interface CronRunResult {
  id: string;
  ran_at: string;
  date: string;
  items_processed: number;
  errors: string[];
  duration_ms: number;
}

/**
 * The daily reminder job. This foundation records each run in cron_runs; the reminder engine issue
 * adds the sending itself.
 */
export const handler = async (event: unknown): Promise<CronRunResult> => {
  const started = Date.now();
  const parsed = eventSchema.safeParse(event ?? {});
  const input = parsed.success ? parsed.data : {};
  const date = input.date ?? todayIn();
  const ranAt = new Date(started).toISOString();
  const result: CronRunResult = {
    id: randomUUID(),
    ran_at: ranAt,
    date,
    items_processed: 0,
    errors: parsed.success ? [] : [`Invalid job event: ${parsed.error.issues[0]?.message ?? 'unknown'}`],
    duration_ms: 0,
  };
  result.duration_ms = Date.now() - started;
  await dynamo().send(
    new PutCommand({
      TableName: env().TABLE_NAME,
      Item: { pk: keys.cronRuns(), sk: keys.cronRun(ranAt, result.id), entity: 'cron_run', ...result },
    }),
  );
  logger.info('Daily job finished', { ...result });
  return result;
};

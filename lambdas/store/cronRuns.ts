import type { CronRun } from '../../shared/api.ts';
import { ENTITY, keys } from '../../shared/table.ts';
import { itemKey, putItem, queryPage } from './db.ts';
import { parseCronRun } from './items.ts';

/** Records one run of the daily job (real or simulated) in the cron log. */
export async function recordCronRun(run: CronRun): Promise<void> {
  await putItem({
    ...itemKey(keys.cronRuns(), keys.cronRun(run.ran_at, run.id)),
    entity: ENTITY.cronRun,
    ...run,
  });
}

export async function latestCronRuns(
  limit: number,
  options: { realOnly?: boolean } = {},
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
  return items.slice(0, limit).map(parseCronRun);
}

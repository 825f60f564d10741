import { useQuery } from '@tanstack/react-query';
import type { CronRun } from '#shared/api.ts';
import { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';
import { adminQueryOptions } from './admin-query.ts';

export async function getCronRuns(limit: number): Promise<CronRun[]> {
  return (await callApi(API.adminCronRuns, { query: { limit } })).runs;
}

export const cronRunsQueryOptions = (limit = 14) =>
  adminQueryOptions(['cron-runs', limit], () => getCronRuns(limit));

export const useCronRuns = (limit = 14) => useQuery(cronRunsQueryOptions(limit));

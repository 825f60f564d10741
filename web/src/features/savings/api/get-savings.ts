import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavingsSummary } from '#shared/api.ts';
import { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';

export const savingsQueryKey = ['savings'] as const;

export function getSavings(): Promise<SavingsSummary> {
  return callApi(API.listSavings);
}

export function savingsQueryOptions() {
  return queryOptions({ queryKey: savingsQueryKey, queryFn: getSavings });
}

export function useSavings() {
  return useQuery(savingsQueryOptions());
}

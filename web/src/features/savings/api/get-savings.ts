import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavingsSummary } from '#shared/api.ts';
import type { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';

export const savingsQueryKey = ['savings'] as const;

export function getSavings(): Promise<SavingsSummary> {
  return callApi<typeof API.listSavings>({ method: 'GET', path: '/api/savings' });
}

export function savingsQueryOptions() {
  return queryOptions({ queryKey: savingsQueryKey, queryFn: getSavings });
}

export function useSavings() {
  return useQuery(savingsQueryOptions());
}

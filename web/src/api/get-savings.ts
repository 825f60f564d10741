import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavingsSummary } from '#shared/api.ts';
import type { API } from '#shared/routes.ts';
import { callApi } from './client.ts';

/**
 * The caller's savings, read by the savings page and kept for the dashboard's next visit
 * (./persisted-queries.ts): here, not in the savings feature, as the app's kept queries are.
 */
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

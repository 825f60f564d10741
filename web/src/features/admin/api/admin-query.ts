import { queryOptions, useQueryClient } from '@tanstack/react-query';

/** Every admin query key starts here, so one invalidation refreshes them all. */
export const adminQueryKey = ['admin'] as const;

/** Query options for one admin read: its key under `adminQueryKey` and its fetcher. */
export function adminQueryOptions<T, K extends readonly unknown[]>(
  key: K,
  queryFn: () => Promise<T>,
  staleTime?: number,
) {
  return queryOptions({ queryKey: [...adminQueryKey, ...key] as const, queryFn, staleTime });
}

/** Every admin action changes logs (audit, cron runs, sends): refresh them all afterwards. */
export function useInvalidateAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminQueryKey });
}

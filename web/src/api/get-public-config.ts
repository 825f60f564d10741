import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '#shared/api.ts';
import { ApiRequestError } from './client.ts';

export const publicConfigQueryKey = ['public-config'] as const;

/** GET /api/config: public, per-stage feature flags and the e-mail provider (no token needed). */
export async function getPublicConfig(): Promise<PublicConfig> {
  const response = await fetch('/api/config', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new ApiRequestError(response.status, 'Could not load the configuration');
  return (await response.json()) as PublicConfig;
}

export function publicConfigQueryOptions() {
  return queryOptions({ queryKey: publicConfigQueryKey, queryFn: getPublicConfig, staleTime: 5 * 60_000 });
}

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}

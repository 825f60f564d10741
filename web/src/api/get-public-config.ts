import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '#shared/api.ts';
import type { API } from '#shared/routes.ts';
import { callPublic } from './request.ts';

export const publicConfigQueryKey = ['public-config'] as const;

/** GET /api/config: public, per-stage feature flags and the e-mail provider (no token needed). */
export async function getPublicConfig(): Promise<PublicConfig> {
  return callPublic<typeof API.getConfig>({ method: 'GET', path: '/api/config' });
}

export function publicConfigQueryOptions() {
  return queryOptions({ queryKey: publicConfigQueryKey, queryFn: getPublicConfig, staleTime: 5 * 60_000 });
}

/** The public configuration; with `enabled` false it is not asked for (until it is needed). */
export function usePublicConfig({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...publicConfigQueryOptions(), enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponse } from '#shared/api.ts';
import type { API } from '#shared/routes.ts';
import { callApi } from './client.ts';

export const meQueryKey = ['me'] as const;

export function getMe(): Promise<MeResponse> {
  return callApi<typeof API.getMe>({ method: 'GET', path: '/api/me' });
}

/** Profile and admin flag, cached for five minutes: how long an admin check stays valid. */
export function meQueryOptions(enabled = true) {
  return queryOptions({ queryKey: meQueryKey, queryFn: getMe, enabled, staleTime: 5 * 60_000 });
}

export function useMe(enabled = true) {
  return useQuery(meQueryOptions(enabled));
}

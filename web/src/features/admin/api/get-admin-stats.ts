import { useQuery } from '@tanstack/react-query';
import type { AdminStats } from '#shared/admin.ts';
import { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';
import { adminQueryOptions } from './admin-query.ts';

export function getAdminStats(): Promise<AdminStats> {
  return callApi(API.adminStats);
}

export const adminStatsQueryOptions = () => adminQueryOptions(['stats'], getAdminStats);

export const useAdminStats = () => useQuery(adminStatsQueryOptions());

import { useQuery } from '@tanstack/react-query';
import type { AdminStats } from '#shared/api.ts';
import { apiFetch } from '../../../api/client.ts';
import { adminQueryOptions } from './admin-query.ts';

export function getAdminStats(): Promise<AdminStats> {
  return apiFetch<AdminStats>('/api/admin/stats');
}

export const adminStatsQueryOptions = () => adminQueryOptions(['stats'], getAdminStats);

export const useAdminStats = () => useQuery(adminStatsQueryOptions());

import { useQuery } from '@tanstack/react-query';
import type { AdminConfig } from '#shared/admin.ts';
import { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';
import { adminQueryOptions } from './admin-query.ts';

export function getAdminConfig(): Promise<AdminConfig> {
  return callApi(API.adminConfig);
}

/** The deployed configuration changes only with a deployment: cached five minutes. */
export const adminConfigQueryOptions = () => adminQueryOptions(['config'], getAdminConfig, 5 * 60_000);

export const useAdminConfig = () => useQuery(adminConfigQueryOptions());

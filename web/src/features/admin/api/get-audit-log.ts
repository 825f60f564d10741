import { useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '#shared/admin.ts';
import { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';
import { adminQueryOptions } from './admin-query.ts';

export async function getAuditLog(limit: number): Promise<AuditEntry[]> {
  return (await callApi(API.adminAudit, { query: { limit } })).entries;
}

export const auditLogQueryOptions = (limit = 50) =>
  adminQueryOptions(['audit', limit], () => getAuditLog(limit));

export const useAuditLog = (limit = 50) => useQuery(auditLogQueryOptions(limit));

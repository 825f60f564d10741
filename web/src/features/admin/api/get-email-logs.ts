import { useQuery } from '@tanstack/react-query';
import type { EmailLog } from '#shared/api.ts';
import { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';
import { adminQueryOptions } from './admin-query.ts';

export async function getEmailLogs(limit: number): Promise<EmailLog[]> {
  return (await callApi(API.adminEmailLogs, { query: { limit } })).logs;
}

export const emailLogsQueryOptions = (limit = 50) =>
  adminQueryOptions(['email-logs', limit], () => getEmailLogs(limit));

export const useEmailLogs = (limit = 50) => useQuery(emailLogsQueryOptions(limit));

/**
 * The admin console's server state: one hook per /api/admin/* route (shared/routes.ts). The server is
 * the real enforcement (every route checks the Cognito group `admin`); these hooks only read and run.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminConfig,
  AdminStats,
  AuditEntry,
  CheckResult,
  CronRun,
  EmailLog,
  EmailSend,
  HandshakeResult,
} from '#shared/api.ts';
import { apiFetch } from './client.ts';

export const adminKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'stats'] as const,
  config: ['admin', 'config'] as const,
  sends: (limit: number) => ['admin', 'email-sends', limit] as const,
  logs: (limit: number) => ['admin', 'email-logs', limit] as const,
  cronRuns: (limit: number) => ['admin', 'cron-runs', limit] as const,
  audit: (limit: number) => ['admin', 'audit', limit] as const,
};

export interface RunCronResult {
  success: boolean;
  /** null when the job was started asynchronously (AWS): its result lands in the cron log. */
  emailsSent: number | null;
  errors: string[];
  processedDate: string;
  run?: CronRun;
  started?: boolean;
  message?: string;
}

export interface SystemTestResult {
  results: CheckResult[];
  summary: { passed: number; failed: number; warnings: number };
  ran_at: string;
}

export interface TestEmailResult {
  messageId: string;
  to: string;
}

export { usePublicConfig } from './queries.ts';

export function useAdminStats() {
  return useQuery({ queryKey: adminKeys.stats, queryFn: () => apiFetch<AdminStats>('/api/admin/stats') });
}

export function useAdminConfig() {
  return useQuery({
    queryKey: adminKeys.config,
    queryFn: () => apiFetch<AdminConfig>('/api/admin/config'),
    staleTime: 5 * 60_000,
  });
}

export function useEmailSends(limit: 10 | 100) {
  return useQuery({
    queryKey: adminKeys.sends(limit),
    queryFn: async () =>
      (await apiFetch<{ sends: EmailSend[] }>(`/api/admin/email-sends?limit=${limit}`)).sends,
  });
}

export function useEmailLogs(limit = 50) {
  return useQuery({
    queryKey: adminKeys.logs(limit),
    queryFn: async () => (await apiFetch<{ logs: EmailLog[] }>(`/api/admin/email-logs?limit=${limit}`)).logs,
  });
}

export function useCronRuns(limit = 14) {
  return useQuery({
    queryKey: adminKeys.cronRuns(limit),
    queryFn: async () => (await apiFetch<{ runs: CronRun[] }>(`/api/admin/cron-runs?limit=${limit}`)).runs,
  });
}

export function useAuditLog(limit = 50) {
  return useQuery({
    queryKey: adminKeys.audit(limit),
    queryFn: async () =>
      (await apiFetch<{ entries: AuditEntry[] }>(`/api/admin/audit?limit=${limit}`)).entries,
  });
}

/** 'Run handshake': SES GetAccount and the sending identity, on demand. */
export function useHandshake() {
  return useMutation({ mutationFn: () => apiFetch<HandshakeResult>('/api/admin/handshake') });
}

/** 'Run Health Checks', on demand. */
export function useHealthChecks() {
  return useMutation({
    mutationFn: async () => (await apiFetch<{ checks: CheckResult[] }>('/api/admin/health')).checks,
  });
}

/** Every admin action changes logs (audit, cron runs, sends): refresh them all afterwards. */
function useInvalidateAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
}

export function useRunCron() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (body: { simulate: boolean; date?: string }) =>
      apiFetch<RunCronResult>('/api/admin/run-cron', { method: 'POST', body }),
    onSettled: invalidate,
  });
}

export function useSendTestEmail() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: () => apiFetch<TestEmailResult>('/api/admin/test-email', { method: 'POST', body: {} }),
    onSettled: invalidate,
  });
}

export function useSystemTest() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (email: string | undefined) =>
      apiFetch<SystemTestResult>('/api/admin/system-test', {
        method: 'POST',
        body: email ? { email } : {},
      }),
    onSettled: invalidate,
  });
}

import { useMutation } from '@tanstack/react-query';
import type { CheckResult } from '#shared/api.ts';
import { apiFetch } from '../../../api/client.ts';

/** 'Run Health Checks', on demand. */
export async function runHealthChecks(): Promise<CheckResult[]> {
  return (await apiFetch<{ checks: CheckResult[] }>('/api/admin/health')).checks;
}

export function useHealthChecks() {
  return useMutation({ mutationFn: runHealthChecks });
}

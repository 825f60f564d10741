import { useMutation } from '@tanstack/react-query';
import type { CheckResult } from '#shared/api.ts';
import { apiFetch } from '../../../api/client.ts';
import { useInvalidateAdmin } from './admin-query.ts';

export interface SystemTestResult {
  results: CheckResult[];
  summary: { passed: number; failed: number; warnings: number };
  ran_at: string;
}

/** Sends `email` when given; without it the server uses the admin's own address. */
export function runSystemTest(email: string | undefined): Promise<SystemTestResult> {
  return apiFetch<SystemTestResult>('/api/admin/system-test', {
    method: 'POST',
    body: email ? { email } : {},
  });
}

export function useSystemTest() {
  const invalidate = useInvalidateAdmin();
  return useMutation({ mutationFn: runSystemTest, onSettled: invalidate });
}

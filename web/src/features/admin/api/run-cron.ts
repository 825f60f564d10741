import { useMutation } from '@tanstack/react-query';
import type { CronRun } from '#shared/api.ts';
import { apiFetch } from '../../../api/client.ts';
import { useInvalidateAdmin } from './admin-query.ts';

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

export interface RunCronBody {
  simulate: boolean;
  date?: string;
}

export function runCron(body: RunCronBody): Promise<RunCronResult> {
  return apiFetch<RunCronResult>('/api/admin/run-cron', { method: 'POST', body });
}

export function useRunCron() {
  const invalidate = useInvalidateAdmin();
  return useMutation({ mutationFn: runCron, onSettled: invalidate });
}

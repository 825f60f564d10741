import { useMutation } from '@tanstack/react-query';
import type { RunCronResult } from '#shared/admin.ts';
import type { InputOf } from '#shared/contract.ts';
import { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';
import { useInvalidateAdmin } from './admin-query.ts';

export type { RunCronResult } from '#shared/admin.ts';
export type RunCronBody = InputOf<typeof API.adminRunCron, 'body'>;

export function runCron(body: RunCronBody): Promise<RunCronResult> {
  return callApi(API.adminRunCron, { body });
}

export function useRunCron() {
  const invalidate = useInvalidateAdmin();
  return useMutation({ mutationFn: runCron, onSettled: invalidate });
}

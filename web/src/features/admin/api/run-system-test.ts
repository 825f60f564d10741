import { useMutation } from '@tanstack/react-query';
import type { SystemTestResult } from '#shared/admin.ts';
import { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';
import { useInvalidateAdmin } from './admin-query.ts';

export type { SystemTestResult } from '#shared/admin.ts';

/** Sends `email` when given; without it the server uses the admin's own address. */
export function runSystemTest(email: string | undefined): Promise<SystemTestResult> {
  return callApi(API.adminSystemTest, { body: email ? { email } : {} });
}

export function useSystemTest() {
  const invalidate = useInvalidateAdmin();
  return useMutation({ mutationFn: runSystemTest, onSettled: invalidate });
}

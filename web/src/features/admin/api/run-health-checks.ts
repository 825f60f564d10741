import { useMutation } from '@tanstack/react-query';
import type { CheckResult } from '#shared/admin.ts';
import { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';

/** 'Run Health Checks', on demand. */
export async function runHealthChecks(): Promise<CheckResult[]> {
  return (await callApi(API.adminHealth)).checks;
}

export function useHealthChecks() {
  return useMutation({ mutationFn: runHealthChecks });
}

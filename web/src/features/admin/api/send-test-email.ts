import { useMutation } from '@tanstack/react-query';
import { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';
import { useInvalidateAdmin } from './admin-query.ts';

export interface TestEmailResult {
  messageId: string;
  to: string;
}

export function sendTestEmail(): Promise<TestEmailResult> {
  return callApi(API.adminTestEmail);
}

export function useSendTestEmail() {
  const invalidate = useInvalidateAdmin();
  return useMutation({ mutationFn: sendTestEmail, onSettled: invalidate });
}

import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../api/client.ts';
import { useInvalidateAdmin } from './admin-query.ts';

export interface TestEmailResult {
  messageId: string;
  to: string;
}

export function sendTestEmail(): Promise<TestEmailResult> {
  return apiFetch<TestEmailResult>('/api/admin/test-email', { method: 'POST', body: {} });
}

export function useSendTestEmail() {
  const invalidate = useInvalidateAdmin();
  return useMutation({ mutationFn: sendTestEmail, onSettled: invalidate });
}

import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../api/client.ts';

export function deleteAccount(): Promise<void> {
  return apiFetch<void>('/api/me', { method: 'DELETE' });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}

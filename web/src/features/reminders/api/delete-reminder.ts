import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../api/client.ts';
import { remindersQueryKey } from './get-reminders.ts';

export function deleteReminder(id: string): Promise<void> {
  return apiFetch<void>(`/api/reminders/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReminder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remindersQueryKey }),
  });
}

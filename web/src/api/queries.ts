import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeResponse, Reminder } from '#shared/api.ts';
import type { ReminderInput } from '#shared/schemas.ts';
import { apiFetch } from './client.ts';

export const queryKeys = {
  me: ['me'] as const,
  reminders: ['reminders'] as const,
};

/** Profile and admin flag. Cached five minutes: the spec's admin-status cache. */
export function useMe(enabled = true) {
  return useQuery({
    queryKey: queryKeys.me,
    queryFn: () => apiFetch<MeResponse>('/api/me'),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useReminders() {
  return useQuery({
    queryKey: queryKeys.reminders,
    queryFn: async () => (await apiFetch<{ reminders: Reminder[] }>('/api/reminders')).reminders,
  });
}

export function useSaveReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ReminderInput }) =>
      id
        ? apiFetch<{ reminder: Reminder }>(`/api/reminders/${encodeURIComponent(id)}`, {
            method: 'PUT',
            body: input,
          })
        : apiFetch<{ reminder: Reminder }>('/api/reminders', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reminders }),
  });
}

export function useDeleteReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(`/api/reminders/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reminders }),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeResponse, PublicConfig, Reminder, SavingsSummary } from '#shared/api.ts';
import type { ProfileUpdateInput, ReminderInput } from '#shared/schemas.ts';
import { ApiRequestError, apiFetch } from './client.ts';

export const queryKeys = {
  publicConfig: ['public-config'] as const,
  me: ['me'] as const,
  reminders: ['reminders'] as const,
  savings: ['savings'] as const,
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

export function useSavings() {
  return useQuery({
    queryKey: queryKeys.savings,
    queryFn: () => apiFetch<SavingsSummary>('/api/savings'),
  });
}

export function useReminder(id: string | undefined) {
  return useQuery({
    queryKey: ['reminder', id] as const,
    queryFn: async () =>
      (await apiFetch<{ reminder: Reminder }>(`/api/reminders/${encodeURIComponent(id ?? '')}`)).reminder,
    enabled: Boolean(id),
    retry: false,
  });
}

export function useRecordSavings(reminderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { outcome: 'saved' | 'no_saving'; saved_amount?: string }) =>
      apiFetch<unknown>(`/api/reminders/${encodeURIComponent(reminderId)}/savings`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.savings }),
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdateInput) =>
      apiFetch<MeResponse>('/api/me', { method: 'PUT', body: input }),
    onSuccess: (me) => queryClient.setQueryData(queryKeys.me, me),
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: () => apiFetch<void>('/api/me', { method: 'DELETE' }),
  });
}

/** GET /api/config: public, per-stage feature flags and the e-mail provider. */
export function usePublicConfig() {
  return useQuery({
    queryKey: queryKeys.publicConfig,
    queryFn: async (): Promise<PublicConfig> => {
      const response = await fetch('/api/config', { headers: { Accept: 'application/json' } });
      if (!response.ok) throw new ApiRequestError(response.status, 'Could not load the configuration');
      return (await response.json()) as PublicConfig;
    },
    staleTime: 5 * 60_000,
  });
}

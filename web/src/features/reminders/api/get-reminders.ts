import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Reminder } from '#shared/api.ts';
import { apiFetch } from '../../../api/client.ts';

export const remindersQueryKey = ['reminders'] as const;

export async function getReminders(): Promise<Reminder[]> {
  return (await apiFetch<{ reminders: Reminder[] }>('/api/reminders')).reminders;
}

export function remindersQueryOptions() {
  return queryOptions({ queryKey: remindersQueryKey, queryFn: getReminders });
}

export function useReminders() {
  return useQuery(remindersQueryOptions());
}

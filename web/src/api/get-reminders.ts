import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Reminder } from '#shared/api.ts';
import type { API } from '#shared/routes.ts';
import { callApi } from './client.ts';

export const remindersQueryKey = ['reminders'] as const;

export async function getReminders(): Promise<Reminder[]> {
  return (await callApi<typeof API.listReminders>({ method: 'GET', path: '/api/reminders' })).reminders;
}

export function remindersQueryOptions() {
  return queryOptions({ queryKey: remindersQueryKey, queryFn: getReminders });
}

export function useReminders() {
  return useQuery(remindersQueryOptions());
}

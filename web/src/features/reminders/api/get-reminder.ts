import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Reminder } from '#shared/api.ts';
import { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';

export const reminderQueryKey = (id: string | undefined) => ['reminder', id] as const;

export async function getReminder(id: string | undefined): Promise<Reminder> {
  return (await callApi(API.getReminder, { params: { id: id ?? '' } })).reminder;
}

export function reminderQueryOptions(id: string | undefined) {
  return queryOptions({
    queryKey: reminderQueryKey(id),
    queryFn: () => getReminder(id),
    enabled: Boolean(id),
    retry: false,
  });
}

export function useReminder(id: string | undefined) {
  return useQuery(reminderQueryOptions(id));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReminderDetails } from '#shared/api.ts';
import { API } from '#shared/routes.ts';
import { callApi } from './client.ts';

export const reminderQueryKey = (id: string | undefined) => ['reminder', id] as const;

/** The reminder, its next e-mail and its history (the reminder page and the outcome page read it). */
export function getReminder(id: string | undefined): Promise<ReminderDetails> {
  return callApi(API.getReminder, { params: { id: id ?? '' } });
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

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarLink } from '#shared/api.ts';
import { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';

export const calendarLinkQueryKey = ['calendar-link'] as const;

export async function getCalendarLink(): Promise<CalendarLink> {
  return (await callApi(API.getCalendarLink)).link;
}

export function useCalendarLink() {
  return useQuery({ queryKey: calendarLinkQueryKey, queryFn: getCalendarLink });
}

/** 'Reset link': the new address replaces the old one at once. */
export function useResetCalendarLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await callApi(API.resetCalendarLink)).link,
    onSuccess: (link) => queryClient.setQueryData(calendarLinkQueryKey, link),
  });
}

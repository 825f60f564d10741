import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Snooze } from '#shared/reminder/snooze.ts';
import { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';
import { reminderQueryKey } from '../../../api/get-reminder.ts';

export function snoozeReminder(id: string): Promise<Snooze> {
  return callApi(API.snoozeReminder, { params: { id } });
}

/** 'Snooze 3 days': the reminder's page then shows its next e-mail moved and the snooze in its history. */
export function useSnoozeReminder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => snoozeReminder(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reminderQueryKey(id) }),
  });
}

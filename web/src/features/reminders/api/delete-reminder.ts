import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';
import { remindersQueryKey } from '../../../api/get-reminders.ts';

export function deleteReminder(id: string): Promise<void> {
  return callApi(API.deleteReminder, { params: { id } });
}

export function useDeleteReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReminder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remindersQueryKey }),
  });
}

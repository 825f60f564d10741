import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';
import { remindersQueryKey } from '../../../api/get-reminders.ts';

/** 'Leave this reminder': the caller stops seeing a shared reminder; the others keep it. */
export function useLeaveSharedReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(API.leaveSharedReminder, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remindersQueryKey }),
  });
}

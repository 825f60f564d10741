import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WindowKind } from '#shared/reminder/windows.ts';
import { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';
import { remindersQueryKey } from '../../../api/get-reminders.ts';

export function markActionDone(id: string, kind: WindowKind): Promise<{ actions_done: string[] }> {
  return callApi(API.markActionDone, { params: { id }, body: { kind } });
}

/** 'Done' on a 'This week' action: the list is read again, without it. */
export function useMarkActionDone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, kind }: { id: string; kind: WindowKind }) => markActionDone(id, kind),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remindersQueryKey }),
  });
}

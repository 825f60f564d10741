import type { InputOf } from '#shared/contract.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';
import { reminderQueryKey } from '../../../api/get-reminder.ts';
import { remindersQueryKey } from '../../../api/get-reminders.ts';
import { savingsQueryKey } from '../../../api/get-savings.ts';

export type RecordSavingsBody = InputOf<typeof API.recordSavings, 'body'>;

export function recordSavings(reminderId: string, body: RecordSavingsBody): Promise<unknown> {
  return callApi(API.recordSavings, { params: { id: reminderId }, body });
}

export function useRecordSavings(reminderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordSavingsBody) => recordSavings(reminderId, body),
    // The outcome may roll the reminder forward or cancel it: the list and its page change too.
    onSuccess: () =>
      Promise.all(
        [savingsQueryKey, remindersQueryKey, reminderQueryKey(reminderId)].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

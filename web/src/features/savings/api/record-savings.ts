import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../api/client.ts';
import { savingsQueryKey } from './get-savings.ts';

export interface RecordSavingsBody {
  outcome: 'saved' | 'no_saving';
  saved_amount?: string;
}

export function recordSavings(reminderId: string, body: RecordSavingsBody): Promise<unknown> {
  return apiFetch<unknown>(`/api/reminders/${encodeURIComponent(reminderId)}/savings`, {
    method: 'POST',
    body,
  });
}

export function useRecordSavings(reminderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordSavingsBody) => recordSavings(reminderId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savingsQueryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuoteInput } from '#shared/quotes.ts';
import { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';
import { reminderQueryKey } from '../../../api/get-reminder.ts';
import { remindersQueryKey } from '../../../api/get-reminders.ts';

/**
 * The reminder's details carry its quotes, and the list its renewal offer: each change refreshes
 * both.
 */
function useQuoteMutation<T, R>(reminderId: string, mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reminderQueryKey(reminderId) }),
        queryClient.invalidateQueries({ queryKey: remindersQueryKey }),
      ]),
  });
}

export const useAddQuote = (reminderId: string) =>
  useQuoteMutation(reminderId, (body: QuoteInput) =>
    callApi(API.addQuote, { params: { id: reminderId }, body }),
  );

export const useRemoveQuote = (reminderId: string) =>
  useQuoteMutation(reminderId, (quoteId: string) =>
    callApi(API.removeQuote, { params: { id: reminderId, quoteId } }),
  );

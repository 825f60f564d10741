import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuoteInput } from '#shared/quotes.ts';
import { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';
import { reminderQueryKey } from '../../../api/get-reminder.ts';

/** The reminder's details carry its quotes: each change refreshes them. */
function useQuoteMutation<T, R>(reminderId: string, mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reminderQueryKey(reminderId) }),
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

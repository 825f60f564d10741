import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NoticeAnswer, NoticeAnswerValue } from '#shared/reminder/noticeWatch.ts';
import type { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';
import { remindersQueryKey } from '../../../api/get-reminders.ts';

/**
 * The answer to 'Did {provider} send your end-of-contract notice?' for the renewal shown. The route
 * is named by type only: the dashboard asks it, and the contract's schemas (zod) stay out of its code.
 */
export function answerNotice(
  id: string,
  answer: NoticeAnswerValue,
  renewalDate: string,
): Promise<{ notice_answer: NoticeAnswer }> {
  return callApi<typeof API.answerNotice>(
    { method: 'POST', path: '/api/reminders/{id}/notice' },
    { params: { id }, body: { answer, renewal_date: renewalDate } },
  );
}

/** The list and the reminder's page are read again, with the answer. */
export function useAnswerNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; answer: NoticeAnswerValue; renewalDate: string }) =>
      answerNotice(v.id, v.answer, v.renewalDate),
    onSuccess: (_, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: remindersQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['reminder', id] }),
      ]),
  });
}

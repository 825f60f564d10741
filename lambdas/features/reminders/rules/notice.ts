/**
 * 'Did {provider} send your end-of-contract notice?': the answer kept, decided on the reminder the
 * store read. Only a reminder with a notice to ask about is asked, and only about the renewal it is
 * on: an answer for a renewal that has moved on is kept for none. Pure.
 */
import type { Reminder } from '../../../../shared/api.ts';
import { noticeDueDate, type NoticeAnswer } from '../../../../shared/reminder/noticeWatch.ts';
import type { NoticeAnswerInput } from '../../../../shared/reminder/noticeSchemas.ts';
import type { Decision } from '../../../runtime/refusal.ts';

/** Why an answer is refused, with the renewal the reminder is on now. */
export interface NoticeRefused {
  reason: 'no_notice' | 'moved_on';
  currentRenewal: string;
}

/** The answer to keep on `reminder`; `answeredBy` the caller's membership id on a shared one. */
export function noticeAnswer(
  reminder: Reminder,
  input: NoticeAnswerInput,
  answeredBy: string | null,
  now: Date,
): Decision<NoticeAnswer, NoticeRefused> {
  const currentRenewal = reminder.renewal_date;
  if (noticeDueDate(reminder) === null) return { refused: { reason: 'no_notice', currentRenewal } };
  if (input.renewal_date !== currentRenewal) return { refused: { reason: 'moved_on', currentRenewal } };
  return {
    change: {
      answer: input.answer,
      renewal_date: currentRenewal,
      answered_at: now.toISOString(),
      // A household's items name people only by membership id.
      answered_by: answeredBy,
    },
  };
}

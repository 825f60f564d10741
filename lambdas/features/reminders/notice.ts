/**
 * 'Did {provider} send your end-of-contract notice?': the answer kept for the renewal the caller was
 * shown. Refused for a reminder with no notice to ask about, or one that has moved on to its next
 * renewal (rules/notice.ts, decided on the reminder the store read). Undefined: no such reminder,
 * or it is cancelled.
 */
import type { NoticeAnswerInput } from '../../../shared/reminder/noticeSchemas.ts';
import { enact } from '../../runtime/refusal.ts';
import * as store from '../../store/reminders/index.ts';
import { worded } from './refusals.ts';
import { noticeAnswer } from './rules/notice.ts';

export function answerNotice(userId: string, id: string, input: NoticeAnswerInput, now = new Date()) {
  return worded(() =>
    store.answerNotice(
      userId,
      id,
      ({ reminder, answeredBy }) =>
        enact(
          noticeAnswer(reminder, input, answeredBy, now),
          ({ reason, currentRenewal }) => new store.NoticeRefusal(reason, currentRenewal),
        ),
      now,
    ),
  );
}

/**
 * 'Did {provider} send your end-of-contract notice?': the answer kept for the renewal the caller was
 * shown. Refused for a reminder with no notice to ask about, or one that has moved on to its next
 * renewal. Undefined: no such reminder, or it is cancelled.
 */
import type { NoticeAnswerInput } from '../../../shared/reminder/noticeSchemas.ts';
import * as store from '../../store/reminders/index.ts';
import { worded } from './refusals.ts';

export function answerNotice(userId: string, id: string, input: NoticeAnswerInput, now?: Date) {
  return worded(() => store.answerNotice(userId, id, input, now));
}

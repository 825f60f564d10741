import { API_MESSAGES } from '../../../shared/messages.ts';
import { API } from '../../../shared/routes.ts';
import { notFound } from '../../runtime/http.ts';
import { route } from '../../features/account/route.ts';
import { answerNotice } from '../../features/reminders/notice.ts';

/** 'Did {provider} send your end-of-contract notice?' for the caller's own (or household's) reminder. */
export const handler = route(API.answerNotice, async ({ caller, params, body }) => {
  const answer = await answerNotice(caller.userId, params.id, body);
  if (!answer) throw notFound(API_MESSAGES.reminderNotFound);
  return { notice_answer: answer };
});

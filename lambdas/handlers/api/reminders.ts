/**
 * One function for the quote notebook, 'Snooze 3 days', 'Done' on a 'This week' action and the notice
 * question's answer (group 'reminders' in shared/routes.ts,
 * decision 0036): light routes with the same rights (the table), behind `ANY /api/reminders/{proxy+}`;
 * the reminder routes of their own are more specific and keep their functions.
 */
import { groupHandler } from '../../runtime/group.ts';
import { handler as addQuote } from './addQuote.ts';
import { handler as answerNotice } from './answerNotice.ts';
import { handler as leaveSharedReminder } from './leaveSharedReminder.ts';
import { handler as markActionDone } from './markActionDone.ts';
import { handler as removeQuote } from './removeQuote.ts';
import { handler as snoozeReminder } from './snoozeReminder.ts';

export const handler = groupHandler({
  addQuote,
  removeQuote,
  snoozeReminder,
  markActionDone,
  answerNotice,
  leaveSharedReminder,
});

/**
 * One function for the quote notebook (group 'reminders' in shared/routes.ts, decision 0036): its two
 * light routes, with the same rights (the table), behind `ANY /api/reminders/{proxy+}`; the reminder
 * routes of their own are more specific and keep their functions.
 */
import { groupHandler } from '../runtime/group.ts';
import { handler as addQuote } from './addQuote.ts';
import { handler as removeQuote } from './removeQuote.ts';

export const handler = groupHandler({ addQuote, removeQuote });

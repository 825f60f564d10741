/**
 * One function for a renewal's outcome, its quote notebook and the DVLA look-up (group 'reminders' in
 * shared/routes.ts, decision 0036): light routes with the same rights (the table), behind
 * `ANY /api/reminders/{proxy+}`; the reminder routes of their own stay more specific and win.
 */
import { groupHandler } from '../runtime/group.ts';
import { handler as addQuote } from './addQuote.ts';
import { handler as lookUpVehicle } from './lookUpVehicle.ts';
import { handler as recordSavings } from './recordSavings.ts';
import { handler as removeQuote } from './removeQuote.ts';

export const handler = groupHandler({ recordSavings, addQuote, removeQuote, lookUpVehicle });

/**
 * The quote notebook of a reminder's current renewal: a quote added while the reminder is not
 * cancelled and its renewal has room (QUOTE_LIMIT), or removed. Undefined (false): the caller has
 * no such reminder (or quote).
 */
import type { Quote } from '../../../shared/api.ts';
import type { QuoteInput } from '../../../shared/quotes.ts';
import * as store from '../../store/reminders/index.ts';
import { worded } from './refusals.ts';

export function addQuote(
  userId: string,
  reminderId: string,
  input: QuoteInput,
  now?: Date,
): Promise<Quote | undefined> {
  return worded(() => store.addQuote(userId, reminderId, input, now));
}

export function removeQuote(userId: string, reminderId: string, quoteId: string): Promise<boolean> {
  return store.removeQuote(userId, reminderId, quoteId);
}

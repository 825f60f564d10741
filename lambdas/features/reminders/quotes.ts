/**
 * The quote notebook of a reminder's current renewal: a quote added while the reminder is not
 * cancelled and its renewal has room (QUOTE_LIMIT), or removed. Undefined (false): the caller has
 * no such reminder (or quote).
 */
import type { Quote, Reminder } from '../../../shared/api.ts';
import type { QuoteInput } from '../../../shared/quotes.ts';
import { enact } from '../../runtime/refusal.ts';
import * as store from '../../store/reminders/index.ts';
import { worded } from './refusals.ts';
import { freeQuoteSlots } from './rules/quotes.ts';

export function addQuote(
  userId: string,
  reminderId: string,
  input: QuoteInput,
  now?: Date,
): Promise<Quote | undefined> {
  // The rule (rules/quotes.ts) on each read: a cancelled reminder or a full renewal is refused.
  const decide = ({ reminder, taken }: { reminder: Reminder; taken: ReadonlySet<number> }) =>
    enact(freeQuoteSlots(reminder, taken), (reason) => new store.QuoteRefusal(reason));
  return worded(() => store.addQuote(userId, reminderId, input, decide, now));
}

export function removeQuote(userId: string, reminderId: string, quoteId: string): Promise<boolean> {
  return store.removeQuote(userId, reminderId, quoteId);
}

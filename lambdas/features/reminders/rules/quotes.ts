/**
 * The quote notebook's rule, decided on what the store read: a quote goes into a free slot of the
 * current renewal's QUOTE_LIMIT, and never onto a cancelled reminder. Pure.
 */
import type { Reminder } from '../../../../shared/api.ts';
import { QUOTE_LIMIT } from '../../../../shared/quotes.ts';
import type { Decision } from '../../../runtime/refusal.ts';

/** The free slots a new quote may take (the store picks one), or why none may be taken. */
export function freeQuoteSlots(
  reminder: Pick<Reminder, 'archived_at'>,
  taken: ReadonlySet<number>,
): Decision<number[], 'cancelled' | 'limit'> {
  if (reminder.archived_at !== null) return { refused: 'cancelled' };
  const free = Array.from({ length: QUOTE_LIMIT }, (_, slot) => slot).filter((slot) => !taken.has(slot));
  return free.length === 0 ? { refused: 'limit' } : { change: free };
}

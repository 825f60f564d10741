/**
 * What a recipient's reminder mails say beyond the reminder itself, read when the sender takes their
 * message: the cheapest quote noted for each reminder's current renewal (one Query of that renewal's
 * notebook, for a reminder with a lead or window mail: a follow-up names no quote), and for a shared
 * reminder the recipient's membership and the first names of the household's members (one Query of
 * its members and one BatchGet of their profiles, only when the message holds a shared reminder).
 * Everything is read at once, in the household the sender found the reminder in.
 */
import type { Reminder } from '../../../shared/api.ts';
import { cheapestQuote } from '../../../shared/reminder/quotes.ts';
import type { MailQuote, Personal } from '../../mail/personal.ts';
import { errorMessage, JobCrash } from '../../runtime/errors.ts';
import { logger } from '../../runtime/logger.ts';
import { memberNames } from '../../store/households/index.ts';
import { currentRenewalQuotes, type SharedBy } from '../../store/reminders/index.ts';

/** A reminder of the message, with the household the sender found it in (null: the recipient's own). */
export interface MailedItem {
  reminder: Pick<Reminder, 'id' | 'user_id' | 'renewal_date'>;
  /** A lead or window mail of it is due: its quotes are worth a read. */
  namesQuote: boolean;
  household: SharedBy | null;
}

/**
 * Each reminder's personal facts, by reminder id. They add to a mail, never hold it up: when they
 * cannot be read, the mails go without them (no quote named; a shared reminder's people unsaid and
 * its price with no one's name on it), and the failure is logged.
 */
export async function personalFor(items: readonly MailedItem[]): Promise<Map<string, Personal>> {
  if (items.length === 0) return new Map();
  try {
    return await readPersonal(items);
  } catch (error) {
    if (error instanceof JobCrash) throw error;
    logger.error('What the mails say to their recipient could not be read; they go without it', {
      reminders: items.length,
      error: errorMessage(error),
    });
    return new Map();
  }
}

async function readPersonal(items: readonly MailedItem[]): Promise<Map<string, Personal>> {
  const byId = new Map<string, MailedItem>();
  for (const item of items) {
    const known = byId.get(item.reminder.id);
    byId.set(item.reminder.id, { ...item, namesQuote: item.namesQuote || (known?.namesQuote ?? false) });
  }
  // A recipient is in one household at most: every shared reminder of the message is of that one.
  const household = [...byId.values()].find((item) => item.household)?.household ?? null;
  const [names, quotes] = await Promise.all([
    household ? memberNames(household.id) : Promise.resolve({}),
    Promise.all(
      [...byId.values()].map(async ({ reminder, namesQuote, household: home }) => {
        if (!namesQuote) return [reminder.id, null] as const;
        const cheapest = cheapestQuote(await currentRenewalQuotes(reminder, home?.id ?? null));
        const quote: MailQuote | null = cheapest
          ? { provider: cheapest.provider, price: cheapest.price }
          : null;
        return [reminder.id, quote] as const;
      }),
    ),
  ]);
  const quoteOf = new Map(quotes);
  return new Map(
    [...byId.values()].map(({ reminder, household: home }) => [
      reminder.id,
      {
        quote: quoteOf.get(reminder.id) ?? null,
        member: home ? { membershipId: home.membershipId, names } : null,
      },
    ]),
  );
}

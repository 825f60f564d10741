/**
 * The quote notebook: each quote an item in the reminder's partition (the owner's, or the household's
 * for a shared reminder; account deletion removes the owner's with the rest), keyed by reminder, renewal date and slot (shared/table.ts keys.quote). A renewal holds
 * at most QUOTE_LIMIT: a new quote takes a free slot on condition that it is still free, in one write
 * with a check that the reminder is still at that renewal, so two adds at once never both take the
 * last place, and a quote never lands on a reminder deleted or rolled on meanwhile.
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { Quote, Reminder } from '../../../shared/api.ts';
import type { RenewalOffer } from '../../../shared/reminder/priceMemory.ts';
import { QUOTE_LIMIT, type QuoteInput } from '../../../shared/quotes.ts';
import { ENTITY, keys } from '../../../shared/table.ts';
import { batchWriteAll } from '../../runtime/batch.ts';
import { dynamo } from '../../runtime/clients.ts';
import { QuoteRefusal } from './refusals.ts';
import { ITEM_ABSENT, ITEM_EXISTS, itemKey, queryAll, queryPage, tableName } from '../db.ts';
import type { LiveWrite } from '../liveAccount.ts';
import { findReminder, reminderAt, writeAt, type Home } from './reminderHome.ts';

const quoteItem = z.object({
  pk: z.string(),
  sk: z.string(),
  id: z.string(),
  reminder_id: z.string(),
  renewal_date: z.string(),
  provider: z.string(),
  price: z.number(),
  quoted_on: z.string(),
  notes: z.string().nullable(),
  // Quotes noted before the renewal offer could be marked are other providers' quotes.
  renewal_offer: z.boolean().default(false),
  created_at: z.string(),
  slot: z.number(),
});
type StoredQuote = z.infer<typeof quoteItem>;

/** A quote as the API shows it (without its key and slot). */
export const publicQuote = ({ pk: _pk, sk: _sk, slot: _slot, ...quote }: StoredQuote): Quote => quote;
export const parseQuote = (item: unknown): Quote => publicQuote(quoteItem.parse(item));

const byAdded = (a: StoredQuote, b: StoredQuote) => a.created_at.localeCompare(b.created_at);

/** The quotes under `prefix` in the partition `pk` (the reminder's home: the user's or the household's). */
async function storedQuotes(pk: string, prefix: string): Promise<StoredQuote[]> {
  const items = await queryAll({ pk, sk: { beginsWith: prefix } });
  return items.map((item) => quoteItem.parse(item)).sort(byAdded);
}

/** The quotes of one renewal of a reminder, oldest first. */
export async function listQuotes(pk: string, reminderId: string, renewalDate: string): Promise<Quote[]> {
  return (await storedQuotes(pk, keys.quotesOfRenewal(reminderId, renewalDate))).map(publicQuote);
}

/**
 * The quotes of a reminder's current renewal, in its owner's partition or, for a shared one, its
 * household's (the reminder job's mails name the cheapest).
 */
export const currentRenewalQuotes = (
  reminder: { id: string; user_id: string; renewal_date: string },
  householdId: string | null,
): Promise<Quote[]> =>
  renewalQuotes(
    householdId ? keys.household(householdId) : keys.user(reminder.user_id),
    reminder.id,
    reminder.renewal_date,
  );

/**
 * The quotes of one renewal in one Query (the reminder job's mails name the cheapest): a renewal holds
 * at most QUOTE_LIMIT small items, so one page holds them all.
 */
export async function renewalQuotes(pk: string, reminderId: string, renewalDate: string): Promise<Quote[]> {
  const items = await queryPage(
    { pk, sk: { beginsWith: keys.quotesOfRenewal(reminderId, renewalDate) } },
    { limit: QUOTE_LIMIT },
  );
  return items.map(parseQuote);
}

/**
 * Tries for a free slot this many times before giving up: a try is lost only when another add took
 * a slot meanwhile (or the transactions collided), so a renewal fills up well before this runs out.
 */
const ADD_ATTEMPTS = QUOTE_LIMIT + 4;

/**
 * Adds a quote to the reminder's current renewal, in a slot `decide` (the use case's rule, which
 * throws its refusal) leaves free on what was read. Undefined when the caller has no such reminder.
 */
export async function addQuote(
  userId: string,
  reminderId: string,
  input: QuoteInput,
  decide: (read: { reminder: Reminder; taken: ReadonlySet<number> }) => readonly number[],
  now = new Date(),
): Promise<Quote | undefined> {
  for (let attempt = 0; attempt < ADD_ATTEMPTS; attempt++) {
    const found = await findReminder(userId, reminderId);
    if (!found) return undefined;
    const { home } = found;
    const reminder = reminderAt(home, found.item);
    const taken = new Set(
      (await storedQuotes(home.pk, keys.quotesOfRenewal(reminderId, reminder.renewal_date))).map(
        (q) => q.slot,
      ),
    );
    const free = decide({ reminder, taken });
    // Any free slot, so adds at once mostly take different ones rather than all racing for the first.
    const slot = free[Math.floor(Math.random() * free.length)]!;
    const stored: StoredQuote = {
      pk: home.pk,
      sk: keys.quote(reminderId, reminder.renewal_date, slot),
      id: crypto.randomUUID(),
      reminder_id: reminderId,
      renewal_date: reminder.renewal_date,
      ...input,
      created_at: now.toISOString(),
      slot,
    };
    if (await putInFreeSlot(home, stored)) return publicQuote(stored);
  }
  throw new QuoteRefusal('busy');
}

/** False when the slot was taken, or the reminder moved or went, since they were read. */
async function putInFreeSlot(home: Home, stored: StoredQuote): Promise<boolean> {
  try {
    const reminder = {
      Key: itemKey(home.pk, keys.reminder(stored.reminder_id)),
      ConditionExpression: `${ITEM_EXISTS} AND renewal_date = :date`,
    };
    // A renewal offer is also kept on the reminder (the latest marked counts), so the list, the mails
    // and the push say the rise without reading quotes. The reminder's version (updated_at) is left
    // as it is: noting a quote is not an edit of the reminder.
    const offer: RenewalOffer = {
      price: stored.price,
      quote_id: stored.id,
      renewal_date: stored.renewal_date,
    };
    await writeAt(home, [
      stored.renewal_offer
        ? {
            Update: {
              ...reminder,
              UpdateExpression: 'SET renewal_offer = :offer',
              ExpressionAttributeValues: { ':date': stored.renewal_date, ':offer': offer },
            },
          }
        : { ConditionCheck: { ...reminder, ExpressionAttributeValues: { ':date': stored.renewal_date } } },
      { Put: { Item: { ...stored, entity: ENTITY.quote }, ConditionExpression: ITEM_ABSENT } },
    ]);
    return true;
  } catch (error) {
    // Taken meanwhile, or the transactions collided: another try.
    if (error instanceof ConditionalCheckFailedException) return false;
    if (error instanceof TransactionCanceledException) return false;
    throw error;
  }
}

/** Removes one quote of the reminder (of any renewal); false when the caller has no such quote. */
export async function removeQuote(userId: string, reminderId: string, quoteId: string): Promise<boolean> {
  const found = await findReminder(userId, reminderId);
  if (!found) return false;
  const quotes = await storedQuotes(found.home.pk, keys.quotesOfReminder(reminderId));
  const quote = quotes.find((q) => q.id === quoteId);
  if (!quote) return false;
  try {
    // Only that quote: its slot may have been freed and taken by a new one since it was read.
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: itemKey(quote.pk, quote.sk),
        ConditionExpression: 'id = :id',
        ExpressionAttributeValues: { ':id': quoteId },
      }),
    );
    if (quote.renewal_offer) {
      const others = quotes.filter(
        (q) => q.id !== quoteId && q.renewal_offer && q.renewal_date === quote.renewal_date,
      );
      await offerRemoved(found.home.pk, quote, others);
    }
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * A removed renewal offer leaves the reminder's: the latest other offer of that renewal takes its
 * place, or none. Only while the reminder still keeps the removed one (a newer offer noted meanwhile
 * stays).
 */
async function offerRemoved(pk: string, removed: StoredQuote, others: readonly StoredQuote[]): Promise<void> {
  const latest = [...others].sort((a, b) => a.created_at.localeCompare(b.created_at)).at(-1);
  const next: RenewalOffer | null = latest
    ? { price: latest.price, quote_id: latest.id, renewal_date: latest.renewal_date }
    : null;
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: itemKey(pk, keys.reminder(removed.reminder_id)),
        ConditionExpression: `${ITEM_EXISTS} AND renewal_offer.quote_id = :removed`,
        UpdateExpression: 'SET renewal_offer = :next',
        ExpressionAttributeValues: { ':removed': removed.id, ':next': next },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/** The writes that move a renewal's quotes from one partition to another (it was shared, or taken back). */
export async function quoteMoves(
  fromPk: string,
  toPk: string,
  reminderId: string,
  renewalDate: string,
): Promise<LiveWrite[]> {
  const quotes = await storedQuotes(fromPk, keys.quotesOfRenewal(reminderId, renewalDate));
  return quotes.flatMap(({ pk: _pk, ...quote }): LiveWrite[] => [
    { Delete: { Key: itemKey(fromPk, quote.sk) } },
    { Put: { Item: { ...quote, pk: toPk, entity: ENTITY.quote } } },
  ]);
}

/** Removes every quote of a reminder (it was deleted): its notebooks go with it. */
export async function removeQuotesOf(pk: string, reminderId: string): Promise<void> {
  const quotes = await storedQuotes(pk, keys.quotesOfReminder(reminderId));
  await batchWriteAll(quotes.map((q) => ({ DeleteRequest: { Key: itemKey(q.pk, q.sk) } })));
}

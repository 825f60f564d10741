/**
 * 'Update {reminder}' on an inbox item, as the user confirmed it: the reminder takes the letter's
 * date (a new term's), the renewal price becomes its renewal offer (a quote marked so, the price the
 * outcome's saving is then measured against), and last year's price fills its amount only where it
 * had none. Then the item goes. Each step is one of the reminder's own writes: a retry after a
 * failure part-way finds the date already set and adds the offer again (the latest marked counts).
 */
import { DateTime } from 'luxon';
import type { Reminder } from '../../../shared/api.ts';
import { todayIn, UK_ZONE } from '../../../shared/dates.ts';
import { INBOX_MESSAGES, type InboxApply } from '../../../shared/inbox/items.ts';
import { DomainError } from '../../runtime/errors.ts';
import { getInboxItem, removeInboxItem, getProfile } from '../../store/account/index.ts';
import { addQuote } from '../reminders/quotes.ts';
import { updateReminder } from '../reminders/update.ts';
import { getReminder } from '../../store/reminders/index.ts';

/** Undefined when the user has no such item, or no such reminder. */
export async function applyInboxItem(
  userId: string,
  itemId: string,
  input: InboxApply,
  now = new Date(),
): Promise<Reminder | undefined> {
  const item = await getInboxItem(userId, itemId);
  if (!item) return undefined;
  // Only the reminder the item was matched with: 'Update' names it.
  if (item.match !== input.reminder_id)
    throw new DomainError('invalid', INBOX_MESSAGES.notMatched, { reminder_id: [INBOX_MESSAGES.notMatched] });
  const existing = await getReminder(userId, input.reminder_id);
  if (!existing) return undefined;
  const updated = await updateReminder(
    userId,
    existing.id,
    { ...existing, renewal_date: input.renewal_date, amount: existing.amount ?? input.previous_amount },
    now,
  );
  if (!updated) return undefined;
  if (input.renewal_price !== null) {
    const zone = (await getProfile(userId))?.timezone || UK_ZONE;
    await addQuote(
      userId,
      existing.id,
      {
        provider: existing.provider,
        price: input.renewal_price,
        quoted_on: todayIn(zone, DateTime.fromJSDate(now)),
        notes: 'From your renewal inbox',
        renewal_offer: true,
      },
      now,
    );
  }
  await removeInboxItem(userId, itemId);
  return (await getReminder(userId, existing.id)) ?? updated;
}

import type { ReminderDetails } from '../../../shared/api.ts';
import { DEFAULT_TIMEZONE } from '../../../shared/locales.ts';
import { nextMailOf } from './nextMail.ts';
import { getProfile } from '../account/index.ts';
import { listQuotes } from './quotes.ts';
import { findReminder, reminderAt } from './reminderHome.ts';
import { reminderHistory } from './savings.ts';
import { snoozesOf } from './snoozes.ts';

/**
 * The reminder page: the caller's reminder, own or shared (a cancelled one too), its next mail (the
 * caller's own), its history and the quotes of its current renewal.
 */
export async function getReminderDetails(userId: string, id: string): Promise<ReminderDetails | undefined> {
  const found = await findReminder(userId, id);
  if (!found) return undefined;
  const { home, item } = found;
  const reminder = reminderAt(home, item);
  const zone = (await getProfile(userId))?.timezone ?? DEFAULT_TIMEZONE;
  const [nextMail, history, quotes] = await Promise.all([
    nextMailOf({ ...item, user_id: userId }, zone),
    reminderHistory(home, reminder),
    listQuotes(home.pk, id, reminder.renewal_date),
  ]);
  return { reminder, next_mail: nextMail, history, snoozes: snoozesOf(item), quotes };
}

import type { ReminderDetails } from '../../shared/api.ts';
import { DEFAULT_TIMEZONE } from '../../shared/locales.ts';
import { getVisibleReminderItem } from './imports.ts';
import { parseReminder } from './items.ts';
import { nextMailOf } from './nextMail.ts';
import { getProfile } from './profiles.ts';
import { listQuotes } from './quotes.ts';
import { reminderHistory } from './savings.ts';
import { snoozesOf } from './snoozes.ts';

/**
 * The reminder page: the owner's reminder (a cancelled one too), its next mail, its history and the
 * quotes of its current renewal.
 */
export async function getReminderDetails(userId: string, id: string): Promise<ReminderDetails | undefined> {
  const item = await getVisibleReminderItem(userId, id);
  if (!item) return undefined;
  const reminder = parseReminder(item);
  const zone = (await getProfile(userId))?.timezone ?? DEFAULT_TIMEZONE;
  const [nextMail, history, quotes] = await Promise.all([
    nextMailOf(item, zone),
    reminderHistory(userId, reminder),
    listQuotes(userId, id, reminder.renewal_date),
  ]);
  return { reminder, next_mail: nextMail, history, snoozes: snoozesOf(item), quotes };
}

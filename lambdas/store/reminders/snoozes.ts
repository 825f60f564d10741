/**
 * 'Snooze 3 days' on the owner's reminder: its next mail (and push) is held until the snooze's day,
 * which its place in the next-mail index says, and the snooze joins the reminder's history. Once a
 * day: a second snooze the same day answers the first. Written over the version read, so a snooze
 * never undoes an edit or a run's placement made meanwhile (then it is decided again).
 */
import { DateTime } from 'luxon';
import { todayIn } from '../../../shared/dates.ts';
import { DEFAULT_TIMEZONE } from '../../../shared/locales.ts';
import { openMails, reminderSchedule } from '../../../shared/reminder/schedule.ts';
import { snoozedDate, snoozeOf, SNOOZES_KEPT, type Snooze } from '../../../shared/reminder/snooze.ts';
import { keys, TABLE_KEYS } from '../../../shared/table.ts';
import { itemKey } from '../db.ts';
import { householdPlace, recipientsOf } from './householdNextMail.ts';
import { nextMailAt, nextMailAttributes, parseIndexedReminder } from './nextMail.ts';
import { overVersionRead } from '../overVersion.ts';
import { getProfile } from '../account/index.ts';
import { findReminder, writeAt } from './reminderHome.ts';
import { settledAmong } from '../sends.ts';

/** The reminder's snoozes as its item keeps them, newest first. */
export function snoozesOf(item: Record<string, unknown>): Snooze[] {
  const list = Array.isArray(item.snoozes) ? (item.snoozes as unknown[]) : [];
  return list.filter(
    (s): s is Snooze =>
      typeof s === 'object' &&
      s !== null &&
      typeof (s as Snooze).on === 'string' &&
      typeof (s as Snooze).until === 'string',
  );
}

/** Snoozes the caller's reminder (or household's); undefined when it is not theirs, not there, or cancelled. */
export async function snoozeReminder(
  userId: string,
  id: string,
  now = new Date(),
): Promise<Snooze | undefined> {
  const zone = (await getProfile(userId))?.timezone ?? DEFAULT_TIMEZONE;
  const today = todayIn(zone, DateTime.fromJSDate(now));
  return overVersionRead('snooze', async () => {
    const found = await findReminder(userId, id);
    if (!found) return undefined;
    const { home, item } = found;
    const reminder = parseIndexedReminder({ ...item, user_id: userId }, zone);
    if (reminder.archived_at !== null) return undefined;
    const schedule = reminderSchedule(reminder);
    const settled = await settledAmong(
      schedule.map(({ dedupeKey }) => ({ userId, dedupeKey })),
      1,
    );
    const [next] = openMails({ schedule, settled, notBefore: reminder.not_before });
    const snoozes = snoozesOf(item);
    const nextDate = next ? snoozedDate(next.date, reminder.snoozed_until) : null;
    const decided = snoozeOf(nextDate, today, snoozes[0]);
    if (!decided) return snoozes[0];
    // A shared reminder's snooze holds every member's next mail, and its history says who asked.
    const snooze = home.household ? { ...decided, by: home.household.membershipId } : decided;
    const place = home.household
      ? await householdPlace(
          { ...item, snoozed_until: snooze.until },
          await recipientsOf(home.household.id, reminder),
        )
      : { nextAt: nextMailAt({ ...reminder, snoozed_until: snooze.until }, zone, settled) };
    const { nextAt } = place;
    // A shared reminder keeps each member's part of its place with it.
    const parts = 'memberNext' in place ? { ':parts': place.memberNext } : undefined;
    const index = TABLE_KEYS.dueIndex;
    const attributes = nextMailAttributes(id, nextAt);
    await writeAt(home, [
      {
        Update: {
          Key: itemKey(home.pk, keys.reminder(id)),
          // Over the version read, and no other snooze written meanwhile.
          ConditionExpression:
            '#version = :version AND (attribute_not_exists(snoozes) OR size(snoozes) = :count)',
          UpdateExpression:
            'SET snoozed_until = :until, snoozes = :snoozes' +
            (nextAt ? ', next_at = :at, #pk = :pk, #sk = :sk' : '') +
            (parts ? ', member_next = :parts' : ''),
          ExpressionAttributeNames: {
            '#version': 'updated_at',
            ...(nextAt ? { '#pk': index.partitionKey, '#sk': index.sortKey } : {}),
          },
          ExpressionAttributeValues: {
            ':version': reminder.updated_at,
            ':count': snoozes.length,
            ':until': snooze.until,
            ':snoozes': [snooze, ...snoozes].slice(0, SNOOZES_KEPT),
            ...parts,
            ...(nextAt
              ? { ':at': nextAt, ':pk': attributes[index.partitionKey], ':sk': attributes[index.sortKey] }
              : {}),
          },
        },
      },
    ]);
    return snooze;
  });
}

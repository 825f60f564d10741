import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { Reminder } from '../../shared/api.ts';
import type { ReminderInput } from '../../shared/schemas.ts';
import { DEFAULT_TIMEZONE } from '../../shared/locales.ts';
import { localDate } from '../../shared/schedule.ts';
import { ENTITY, keys } from '../../shared/table.ts';
import { dynamo } from '../runtime/clients.ts';
import { getItem, ITEM_ABSENT, ITEM_EXISTS, itemKey, putItem, queryAll, tableName } from './db.ts';
import { parseReminder } from './items.ts';
import { nextMailAt, nextMailAttributes, notBeforeOf } from './nextMail.ts';
import { getProfile } from './profiles.ts';
import { settledKeys } from './sends.ts';
import { countReminder } from './stats.ts';

/**
 * The stored item of a reminder, with its keys and its place in the next-mail index (also used by
 * seeding scripts). `notBefore`: the owner's local date its mails start from.
 */
export function toItem(
  reminder: Reminder,
  placement: { notBefore: string; nextAt: string | null },
): Record<string, unknown> {
  return {
    ...reminder,
    ...itemKey(keys.user(reminder.user_id), keys.reminder(reminder.id)),
    not_before: placement.notBefore,
    ...nextMailAttributes(reminder.id, placement.nextAt),
    entity: ENTITY.reminder,
  };
}

/** The owner's time zone, which places the reminder's mails at 08:00 local. */
async function zoneOf(userId: string): Promise<string> {
  return (await getProfile(userId))?.timezone ?? DEFAULT_TIMEZONE;
}

/** Where a reminder starts in the index: mails from the owner's today on, none sent yet. */
function freshPlacement(reminder: Reminder, zone: string, now: Date) {
  const notBefore = localDate(DateTime.fromJSDate(now), zone);
  return { notBefore, nextAt: nextMailAt({ ...reminder, not_before: notBefore }, zone, new Set()) };
}

/** A user's reminders, renewal date ascending (then title), following every page. */
export async function listReminders(userId: string): Promise<Reminder[]> {
  const items = await queryAll({ pk: keys.user(userId), sk: { beginsWith: keys.reminderPrefix } });
  return items
    .map(parseReminder)
    .sort((a, b) => a.renewal_date.localeCompare(b.renewal_date) || a.title.localeCompare(b.title));
}

export async function getReminder(userId: string, id: string): Promise<Reminder | undefined> {
  const item = await getItem(keys.user(userId), keys.reminder(id));
  return item ? parseReminder(item) : undefined;
}

export async function createReminder(
  userId: string,
  input: ReminderInput,
  now = new Date(),
): Promise<Reminder> {
  const timestamp = now.toISOString();
  const reminder: Reminder = {
    id: randomUUID(),
    user_id: userId,
    ...input,
    created_at: timestamp,
    updated_at: timestamp,
  };
  await putItem(toItem(reminder, freshPlacement(reminder, await zoneOf(userId), now)), ITEM_ABSENT);
  await countReminder(reminder, 1);
  return reminder;
}

/** Replaces the owner's reminder; returns undefined when it does not exist for this owner. */
export async function updateReminder(
  userId: string,
  id: string,
  input: ReminderInput,
  now = new Date(),
): Promise<Reminder | undefined> {
  const item = await getItem(keys.user(userId), keys.reminder(id));
  if (!item) return undefined;
  const existing = parseReminder(item);
  const updated: Reminder = { ...existing, ...input, updated_at: now.toISOString() };
  const zone = await zoneOf(userId);
  // A new date or category reschedules: its mails start from today, as for a new reminder. Other
  // edits keep the reminder's place, and what was already sent for this renewal stays sent.
  const rescheduled =
    existing.category !== updated.category || existing.renewal_date !== updated.renewal_date;
  const notBefore = rescheduled ? localDate(DateTime.fromJSDate(now), zone) : notBeforeOf(item, zone);
  const settled = await settledKeys(userId, id, updated.renewal_date);
  const nextAt = nextMailAt({ ...updated, not_before: notBefore }, zone, settled);
  try {
    await putItem(toItem(updated, { notBefore, nextAt }), ITEM_EXISTS);
  } catch (error) {
    // Deleted between the read and the write: report it as gone rather than recreate it.
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
  if (existing.category !== updated.category || existing.renewal_date !== updated.renewal_date) {
    await countReminder(existing, -1);
    await countReminder(updated, 1);
  }
  return updated;
}

export async function deleteReminder(userId: string, id: string): Promise<boolean> {
  const { Attributes } = await dynamo().send(
    new DeleteCommand({
      TableName: tableName(),
      Key: itemKey(keys.user(userId), keys.reminder(id)),
      ReturnValues: 'ALL_OLD',
    }),
  );
  if (!Attributes) return false;
  await countReminder(parseReminder(Attributes), -1);
  return true;
}

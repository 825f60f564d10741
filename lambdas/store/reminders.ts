import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { Reminder } from '../../shared/api.ts';
import type { ReminderInput } from '../../shared/schemas.ts';
import { DEFAULT_TIMEZONE } from '../../shared/locales.ts';
import { localDate } from '../../shared/schedule.ts';
import { ENTITY, keys } from '../../shared/table.ts';
import { getItem, ITEM_ABSENT, ITEM_EXISTS, itemKey, queryAll } from './db.ts';
import { parseReminder } from './items.ts';
import { AccountGoneError, writeWhileAccountExists } from './liveAccount.ts';
import { nextMailAt, nextMailAttributes, notBeforeOf } from './nextMail.ts';
import { getProfile } from './profiles.ts';
import { settledKeys } from './sends.ts';
import { applyCounters, globalShard, reminderCounters } from './stats.ts';

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
  const placement = freshPlacement(reminder, await zoneOf(userId), now);
  await writeWhileAccountExists(userId, [
    { Put: { Item: toItem(reminder, placement), ConditionExpression: ITEM_ABSENT } },
  ]);
  await applyCounters('reminder created', reminderCounters(reminder, 1));
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
  if (!item) return absentFor(userId);
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
    await writeWhileAccountExists(userId, [
      { Put: { Item: toItem(updated, { notBefore, nextAt }), ConditionExpression: ITEM_EXISTS } },
    ]);
  } catch (error) {
    // Deleted between the read and the write: report it as gone rather than recreate it.
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
  if (existing.category !== updated.category || existing.renewal_date !== updated.renewal_date) {
    // One shard for both halves, so a category move is one ADD on one item.
    const shard = globalShard();
    await applyCounters('reminder moved', [
      ...reminderCounters(existing, -1, shard),
      ...reminderCounters(updated, 1, shard),
    ]);
  }
  return updated;
}

/** A reminder that is not there: for a deleted account that is AccountGoneError, else undefined. */
async function absentFor(userId: string): Promise<undefined> {
  if (!(await getProfile(userId))) throw new AccountGoneError();
  return undefined;
}

/**
 * Deletes the owner's reminder; false when it does not exist for this owner. The delete holds only
 * while the reminder still has the category and date just read, so the counters move by what was
 * really removed (an edit in between makes it read again).
 */
export async function deleteReminder(userId: string, id: string): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await getReminder(userId, id);
    if (!existing) return Boolean(await absentFor(userId));
    try {
      await writeWhileAccountExists(userId, [
        {
          Delete: {
            Key: itemKey(keys.user(userId), keys.reminder(id)),
            ConditionExpression: `${ITEM_EXISTS} AND category = :category AND renewal_date = :date`,
            ExpressionAttributeValues: { ':category': existing.category, ':date': existing.renewal_date },
          },
        },
      ]);
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) continue;
      throw error;
    }
    await applyCounters('reminder deleted', reminderCounters(existing, -1));
    return true;
  }
  throw new Error('The reminder kept changing while it was being deleted');
}

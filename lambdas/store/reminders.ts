import { editOf } from '../../shared/reminder/edit.ts';
import { overVersionRead } from './overVersion.ts';
import { DateTime } from 'luxon';
import type { Reminder } from '../../shared/api.ts';
import { reminderInputSchema, type ReminderDraft } from '../../shared/schemas.ts';
import { DEFAULT_TIMEZONE } from '../../shared/locales.ts';
import { todayIn } from '../../shared/dates.ts';
import { keys } from '../../shared/table.ts';
import { getItem, ITEM_ABSENT, ITEM_EXISTS, itemKey, queryAll } from './db.ts';
import { getVisibleReminderItem, resolvePending } from './imports.ts';
import { parseProfile, parseReminder } from './items.ts';
import { reminderCountOf } from './reminderCount.ts';
import { AccountGoneError, writeWhileAccountExists } from './liveAccount.ts';
import { nextMailAt, notBeforeOf } from './nextMail.ts';
import { freshPlacement, newReminder, toItem } from './reminderItem.ts';
import { getProfile } from './profiles.ts';
import { settledKeys } from './sends.ts';
import { applyCounters, globalShard, reminderCounters } from './stats.ts';

export { freshPlacement, toItem };

/**
 * The contract fields of a reminder that does not repeat, as reminders stored before contracts read
 * (items.ts): for seeds and tests that build a Reminder by hand.
 */
export const oneOffContract = (renewalDate: string) =>
  ({
    repeats: 'none',
    auto_renew: false,
    act_by: null,
    lead_days: null,
    action_windows: true,
    lender: null,
    kept_vehicle: null,
    term_anchor: renewalDate,
    term_started: null,
    last_term_amount: null,
    archived_at: null,
    shared: false,
    deals_with: null,
    created_by: null,
    updated_by: null,
  }) satisfies Partial<Reminder>;

/** The owner's time zone, which places the reminder's mails at 08:00 local. */
async function zoneOf(userId: string): Promise<string> {
  return (await getProfile(userId))?.timezone ?? DEFAULT_TIMEZONE;
}

/** A user's reminders in the list (cancelled ones left out), renewal date ascending, then title. */
export async function listReminders(userId: string): Promise<Reminder[]> {
  const items = await resolvePending(
    userId,
    await queryAll({ pk: keys.user(userId), sk: { beginsWith: keys.reminderPrefix } }),
  );
  return items
    .map(parseReminder)
    .filter((r) => r.archived_at === null)
    .sort((a, b) => a.renewal_date.localeCompare(b.renewal_date) || a.title.localeCompare(b.title));
}

export async function getReminder(userId: string, id: string): Promise<Reminder | undefined> {
  const item = await getVisibleReminderItem(userId, id);
  return item ? parseReminder(item) : undefined;
}

export async function createReminder(
  userId: string,
  draft: ReminderDraft,
  now = new Date(),
): Promise<Reminder> {
  const reminder = newReminder(userId, reminderInputSchema.parse(draft), now);
  // One read of the profile: its zone places the mails, its count is checked against the limit.
  const profile = await getItem(keys.user(userId), keys.profile());
  if (!profile) throw new AccountGoneError();
  const placement = freshPlacement(reminder, parseProfile(profile).timezone, now);
  await reminderCountOf(userId, profile);
  await writeWhileAccountExists(
    userId,
    [{ Put: { Item: toItem(reminder, placement), ConditionExpression: ITEM_ABSENT } }],
    1,
  );
  await applyCounters('reminder created', reminderCounters(reminder, 1));
  return reminder;
}

/**
 * Replaces the owner's reminder; returns undefined when it does not exist for this owner (or was
 * cancelled: a cancelled reminder's history is kept, but it is no longer edited).
 */
export async function updateReminder(
  userId: string,
  id: string,
  draft: ReminderDraft,
  now = new Date(),
): Promise<Reminder | undefined> {
  const input = reminderInputSchema.parse(draft);
  const zone = await zoneOf(userId);
  // Written only over the version just read, so a roll forward by the job (or another edit) in
  // between is never undone: then the edit is made again on what is there now.
  return overVersionRead('it was being updated', async () => {
    const item = await getVisibleReminderItem(userId, id);
    if (!item) return absentFor(userId);
    const existing = parseReminder(item);
    if (existing.archived_at !== null) return undefined;
    const { updated, reschedules } = editOf(existing, input, now);
    const notBefore = reschedules ? todayIn(zone, DateTime.fromJSDate(now)) : notBeforeOf(item, zone);
    const settled = await settledKeys(userId, id, updated.renewal_date);
    const nextAt = nextMailAt({ ...updated, not_before: notBefore }, zone, settled);
    await writeWhileAccountExists(userId, [
      {
        Put: {
          Item: toItem(updated, { notBefore, nextAt }),
          ConditionExpression: `${ITEM_EXISTS} AND updated_at = :read`,
          ExpressionAttributeValues: { ':read': existing.updated_at },
        },
      },
    ]);
    await moveCounters(existing, updated);
    return updated;
  });
}

/** Keeps the category and due-day counters true when a reminder moves (an edit or a roll forward). */
export async function moveCounters(from: Reminder, to: Reminder): Promise<void> {
  if (from.category === to.category && from.renewal_date === to.renewal_date) return;
  // One shard for both halves, so a category move is one ADD on one item.
  const shard = globalShard();
  await applyCounters('reminder moved', [
    ...reminderCounters(from, -1, shard),
    ...reminderCounters(to, 1, shard),
  ]);
}

/** A reminder that is not there: for a deleted account that is AccountGoneError, else undefined. */
async function absentFor(userId: string): Promise<undefined> {
  if (!(await getProfile(userId))) throw new AccountGoneError();
  return undefined;
}

/**
 * Deletes the owner's reminder; false when it does not exist for this owner. The delete holds only
 * over the version just read, so the counters move by what was really removed, once: an edit, a
 * roll forward or a cancellation in between (each moves the counters itself) makes it read again.
 */
export async function deleteReminder(userId: string, id: string): Promise<boolean> {
  return overVersionRead('it was being deleted', async () => {
    const existing = await getReminder(userId, id);
    if (!existing) return Boolean(await absentFor(userId));
    await reminderCountOf(userId);
    await writeWhileAccountExists(
      userId,
      [
        {
          Delete: {
            Key: itemKey(keys.user(userId), keys.reminder(id)),
            ConditionExpression: `${ITEM_EXISTS} AND updated_at = :read`,
            ExpressionAttributeValues: { ':read': existing.updated_at },
          },
        },
      ],
      -1,
    );
    // A cancelled reminder left the counters when it was cancelled.
    if (existing.archived_at === null)
      await applyCounters('reminder deleted', reminderCounters(existing, -1));
    return true;
  });
}

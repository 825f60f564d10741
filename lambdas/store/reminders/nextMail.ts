/**
 * The next-mail index: every reminder with a mail still to go sits in gsi1 under the moment of that
 * mail (08:00 on its date in the owner's zone, as ISO UTC), in one of NEXT_MAIL_SHARDS partitions.
 * The job asks each shard for what is due at or before now: a handful of queries, whatever the table
 * holds, and never a scan. Kept current when a reminder is created or edited, when its owner changes
 * time zone, and after each run has sent or settled its mails.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DateTime } from 'luxon';
import type { NextMail, Reminder } from '../../../shared/api.ts';
import {
  mailMoment,
  nextMoment,
  openMails,
  reminderSchedule,
  rollDate,
} from '../../../shared/reminder/schedule.ts';
import { snoozedDate } from '../../../shared/reminder/snooze.ts';
import { IMPORT_PENDING, keys, NEXT_MAIL_SHARDS, shardFor, TABLE_KEYS } from '../../../shared/table.ts';
import { dynamo } from '../../runtime/clients.ts';
import { dueIndexKey, getItem, itemKey, queryAll, tableName } from '../db.ts';
import { parseReminder } from '../items.ts';
import { settledAmong } from '../sends.ts';

/**
 * A reminder as the index and the job see it: with the local date its mails start from, and the
 * local date a snooze holds its next mail until (shared/reminder/snooze.ts), if any.
 */
export type IndexedReminder = Reminder & { not_before: string; snoozed_until?: string | null };

const HOUSEHOLD_PREFIX = keys.household('');

/**
 * A stored reminder as the next-mail index and the job read it, parsed once at the store's edge:
 * where it lives and the index's own facts beside the reminder. A household's item names no person,
 * so its `user_id` is '' until a recipient's is put on it (`inZone`).
 */
export interface IndexEntry {
  reminder: Reminder;
  /** Set for a shared reminder (kept in its household's partition); null for an owner's own. */
  householdId: string | null;
  /** The moment (ISO UTC) of its next mail or roll forward; null when none is left. */
  nextAt: string | null;
  /** The local date its mails start from, as stored; null on items older than it (see `inZone`). */
  notBefore: string | null;
  /** The local date a snooze holds its next mail until, if any. */
  snoozedUntil: string | null;
}

const stringOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** Parses a stored reminder item (own or a household's) into an IndexEntry. */
export function indexEntryOf(item: Record<string, unknown>): IndexEntry {
  const pk = String(item.pk);
  return {
    reminder: parseReminder({ user_id: '', ...item }),
    householdId: pk.startsWith(HOUSEHOLD_PREFIX) ? pk.slice(HOUSEHOLD_PREFIX.length) : null,
    nextAt: stringOrNull(item.next_at),
    notBefore: stringOrNull(item.not_before),
    snoozedUntil: stringOrNull(item.snoozed_until),
  };
}

/**
 * The reminder as `userId`'s mails are planned, in their `zone`: their id on it, and the local date
 * its mails start from (older items, stored before this was kept, fall back to their creation day
 * in that zone).
 */
export function inZone(entry: IndexEntry, userId: string, zone: string): IndexedReminder {
  const notBefore = entry.notBefore ?? DateTime.fromISO(entry.reminder.created_at).setZone(zone).toISODate()!;
  return { ...entry.reminder, user_id: userId, not_before: notBefore, snoozed_until: entry.snoozedUntil };
}

/**
 * The local date a reminder's mails start from: the day it was created or last rescheduled (older
 * items, stored before this was kept, fall back to their creation day).
 */
export function notBeforeOf(item: Record<string, unknown>, zone: string): string {
  if (typeof item.not_before === 'string') return item.not_before;
  return DateTime.fromISO(String(item.created_at)).setZone(zone).toISODate()!;
}

export function parseIndexedReminder(item: Record<string, unknown>, zone: string): IndexedReminder {
  const snoozedUntil = typeof item.snoozed_until === 'string' ? item.snoozed_until : null;
  return { ...parseReminder(item), not_before: notBeforeOf(item, zone), snoozed_until: snoozedUntil };
}

/**
 * The moment (ISO UTC) of the reminder's next mail still to go (or its roll forward), or null. A
 * cancelled reminder has none.
 */
export function nextMailAt(
  reminder: IndexedReminder,
  zone: string,
  settled: ReadonlySet<string>,
): string | null {
  if (reminder.archived_at !== null) return null;
  const next = nextMoment({
    schedule: reminderSchedule(reminder),
    zone,
    settled,
    notBefore: reminder.not_before,
    rollOn: rollDate(reminder),
  });
  if (!next) return null;
  // A snooze holds the next mail (and the roll) until its day.
  const held = reminder.snoozed_until ? mailMoment(reminder.snoozed_until, zone) : null;
  return (held && held > next ? held : next).toUTC().toISO()!;
}

/** The index attributes of a reminder item: next_at and its gsi1 keys, or nothing when no mail is left. */
export function nextMailAttributes(reminderId: string, nextAt: string | null): Record<string, string> {
  if (!nextAt) return {};
  return {
    next_at: nextAt,
    ...dueIndexKey(keys.nextMail(shardFor(reminderId)), keys.nextMailEntry(nextAt, reminderId)),
  };
}

/**
 * Recomputes one reminder's place in the index from its send records. Conditional on the version
 * (updated_at) it was computed for, so an edit or a roll forward made meanwhile (which places the
 * reminder itself) wins.
 */
export async function refreshNextMail(userId: string, reminderId: string, zone: string): Promise<void> {
  const item = await getItem(keys.user(userId), keys.reminder(reminderId));
  // A reminder an import still holds gets its place when the import finishes it.
  if (!item || item[IMPORT_PENDING] !== undefined) return;
  const reminder = parseIndexedReminder(item, zone);
  // Only the records of the reminder's own scheduled mails decide its next one: read them by key.
  const schedule = reminderSchedule(reminder).map(({ dedupeKey }) => ({ userId, dedupeKey }));
  const nextAt = nextMailAt(reminder, zone, await settledAmong(schedule, 1));
  await placeInIndex(keys.user(userId), reminder, nextAt);
}

/**
 * Writes a reminder's place in the index (or takes it out), conditional on the version (updated_at)
 * it was computed for, so an edit or a roll forward made meanwhile (which places the reminder
 * itself) wins.
 */
export async function placeInIndex(
  pk: string,
  reminder: { id: string; updated_at: string; not_before: string },
  nextAt: string | null,
  /** A shared reminder's: each member's next moment, kept with it (store/reminders/householdNextMail.ts). */
  memberNext?: Record<string, string | null>,
): Promise<void> {
  const index = TABLE_KEYS.dueIndex;
  const names = { '#pk': index.partitionKey, '#sk': index.sortKey, '#version': 'updated_at' };
  const guard = { ':version': reminder.updated_at };
  const attributes = nextMailAttributes(reminder.id, nextAt);
  const parts = memberNext ? ', member_next = :parts' : '';
  const partsValue = memberNext ? { ':parts': memberNext } : {};
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: itemKey(pk, keys.reminder(reminder.id)),
        ConditionExpression: '#version = :version',
        ...(nextAt
          ? {
              UpdateExpression: `SET next_at = :at, not_before = :from, #pk = :pk, #sk = :sk${parts}`,
              ExpressionAttributeValues: {
                ...guard,
                ...partsValue,
                ':at': nextAt,
                ':from': reminder.not_before,
                ':pk': attributes[index.partitionKey],
                ':sk': attributes[index.sortKey],
              },
            }
          : {
              UpdateExpression: `SET not_before = :from${parts} REMOVE next_at, #pk, #sk`,
              ExpressionAttributeValues: { ...guard, ...partsValue, ':from': reminder.not_before },
            }),
        ExpressionAttributeNames: names,
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/** After the owner changes time zone: every reminder's next mail moves to 08:00 in the new zone. */
export async function refreshUserNextMails(userId: string, zone: string): Promise<void> {
  const items = await queryAll({ pk: keys.user(userId), sk: { beginsWith: keys.reminderPrefix } });
  for (const item of items) await refreshNextMail(userId, parseReminder(item).id, zone);
}

/**
 * Reminders whose next mail is due at or before `bound` (ISO UTC), across all users: one query per
 * shard. Each comes as an IndexEntry, so the caller reads `not_before` in each recipient's zone.
 */
export async function remindersWithMailDue(bound: string): Promise<IndexEntry[]> {
  // Entries are `{moment}#{id}`: every entry at or before the bound sorts before `{bound}#~`.
  const upTo = keys.nextMailEntry(bound, '~');
  const shards = await Promise.all(
    Array.from({ length: NEXT_MAIL_SHARDS }, (_, shard) =>
      queryAll({ pk: keys.nextMail(shard), index: 'due', sk: { upTo } }),
    ),
  );
  return shards.flat().map(indexEntryOf);
}

/**
 * The reminder's next mail still to go, as its page shows it: the same schedule and send records
 * the reminder job reads (a mail whose day passed unsent is still next: the next run sends or settles
 * it). Null when none is left, or the reminder was cancelled.
 */
export async function nextMailOf(item: Record<string, unknown>, zone: string): Promise<NextMail | null> {
  const reminder = parseIndexedReminder(item, zone);
  if (reminder.archived_at !== null) return null;
  const schedule = reminderSchedule(reminder);
  const settled = await settledAmong(
    schedule.map(({ dedupeKey }) => ({ userId: reminder.user_id, dedupeKey })),
    1,
  );
  const [next] = openMails({ schedule, settled, notBefore: reminder.not_before });
  if (!next) return null;
  return {
    date: snoozedDate(next.date, reminder.snoozed_until),
    type: next.type,
    days_before: next.daysBefore,
    // A window counts from the renewal, whatever the act-by date.
    counts_to: reminder.act_by === null || next.type === 'window' ? 'renewal' : 'act_by',
  };
}

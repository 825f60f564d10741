/**
 * Importing many reminders at once, all or nothing (decision 0021). DynamoDB writes at most 100 items
 * in one transaction and an import holds up to 500, so the reminders are first written hidden: each
 * carries `import_pending` (the import's id) and no place in the next-mail index, so no list, page,
 * feed or mail sees it. One write then makes them all visible at once: the import's commit record
 * (`IMPORT#{id}`). Until that record exists a crash, a throttle or a deleted account leaves only
 * hidden items, which the user's next import removes. After it, each reminder is written in its final
 * form (index place, no `import_pending`); a read that meets one still pending finishes it. The
 * commit record is kept, so a pending reminder always tells which of the two it is.
 */
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ImportResult, Reminder } from '../../../shared/api.ts';
import { duplicateKey } from '../../../shared/duplicates.ts';
import { REMINDER_LIMIT } from '../../../shared/limits.ts';
import { DEFAULT_TIMEZONE } from '../../../shared/locales.ts';
import { todayIn } from '../../../shared/dates.ts';
import { reminderInputSchema, type ReminderDraft } from '../../../shared/schemas/reminder.ts';
import { ENTITY, IMPORT_PENDING, keys, TTL_ATTRIBUTE } from '../../../shared/table.ts';
import { batchWriteAll } from '../../runtime/batch.ts';
import { dynamo } from '../../runtime/clients.ts';
import { ImportBusyError, ImportTooSlowError } from './refusals.ts';
import { forEachConcurrent } from '../../runtime/concurrency.ts';
import { logger } from '../../runtime/logger.ts';
import { getItem, ITEM_ABSENT, itemKey, queryAll, tableName } from '../db.ts';
import { parseReminder } from '../items.ts';
import { ReminderLimitError, writeWhileAccountExists } from '../liveAccount.ts';
import { reminderCountOf } from './reminderCount.ts';
import { freshPlacement, newReminder, toItem } from './reminderItem.ts';
import { getProfile } from '../account/index.ts';
import { applyCounters, reminderCounters } from '../counters.ts';

/** Reminders per staging transaction: with the account's condition check, DynamoDB's 100. */
const STAGE_CHUNK = 99;
/** The lock outlives any import (the API function's timeout is 10 s), then lapses by itself. */
const LOCK_SECONDS = 60;
/** Final writes in flight at once. */
const FINISH_CONCURRENCY = 16;

/**
 * What an import leaves of its function's time when it must have committed: enough to free the lock
 * and answer, so a slow store ends it with an answer (nothing saved) instead of Lambda cutting it off
 * mid-way. With the API function's 10 s, an import has 7.5 s.
 */
export const IMPORT_MARGIN_MS = 2_500;
export const IMPORT_BUDGET_MS = 10_000 - IMPORT_MARGIN_MS;

type Item = Record<string, unknown>;

/** A write that holds only while the item is still staged by `importId`. */
const pendingCondition = (importId: string) => ({
  ConditionExpression: '#pending = :import',
  ExpressionAttributeNames: { '#pending': IMPORT_PENDING },
  ExpressionAttributeValues: { ':import': importId },
});

const pendingOf = (item: Item): string | undefined =>
  typeof item[IMPORT_PENDING] === 'string' ? (item[IMPORT_PENDING] as string) : undefined;

/**
 * Saves `drafts` as new reminders of `userId`, all or none, skipping those that match a reminder the
 * user has (or an earlier row) on title, provider and renewal date, and none when they would take
 * the account past REMINDER_LIMIT.
 */
export async function importReminders(
  userId: string,
  drafts: readonly ReminderDraft[],
  now = new Date(),
  deadline = Date.now() + IMPORT_BUDGET_MS,
): Promise<ImportResult> {
  const inputs = drafts.map((draft) => reminderInputSchema.parse(draft));
  const inTime = () => {
    if (Date.now() > deadline) throw new ImportTooSlowError();
  };
  await takeLock(userId, now);
  let committed = false;
  try {
    const existing = await resolvePending(
      userId,
      await queryAll({ pk: keys.user(userId), sk: { beginsWith: keys.reminderPrefix } }),
      { removeAbandoned: true },
    );
    const seen = new Set(
      existing
        .map(parseReminder)
        .filter((r) => r.archived_at === null)
        .map(duplicateKey),
    );
    const reminders: Reminder[] = [];
    for (const input of inputs) {
      const key = duplicateKey(input);
      if (seen.has(key)) continue;
      seen.add(key);
      reminders.push(newReminder(userId, input, now));
    }
    const skipped = inputs.length - reminders.length;
    if (reminders.length === 0) return { imported: 0, skipped };
    // Refused before anything is staged; the commit below holds the limit under any race.
    if ((await reminderCountOf(userId)) + reminders.length > REMINDER_LIMIT) throw new ReminderLimitError();

    const importId = randomUUID();
    const stagedFrom = todayIn(DEFAULT_TIMEZONE, DateTime.fromJSDate(now));
    // 1. Hidden: no index place, so the job cannot mail them; no list shows them.
    for (let i = 0; i < reminders.length; i += STAGE_CHUNK) {
      inTime();
      await writeWhileAccountExists(
        userId,
        reminders.slice(i, i + STAGE_CHUNK).map((reminder) => ({
          Put: { Item: stagedItem(reminder, importId, stagedFrom), ConditionExpression: ITEM_ABSENT },
        })),
      );
    }
    // 2. The one write that makes them all visible, and frees the lock.
    inTime();
    await writeWhileAccountExists(
      userId,
      [
        {
          Put: {
            Item: {
              ...itemKey(keys.user(userId), keys.importBatch(importId)),
              id: importId,
              user_id: userId,
              count: reminders.length,
              created_at: now.toISOString(),
              entity: ENTITY.importBatch,
            },
            ConditionExpression: ITEM_ABSENT,
          },
        },
        { Delete: { Key: itemKey(keys.user(userId), keys.importLock()) } },
      ],
      reminders.length,
    );
    committed = true;
    await applyCounters(
      'reminders imported',
      reminders.flatMap((r) => reminderCounters(r, 1)),
    );
    // 3. Each in its final form; what fails here is finished by the next read that meets it.
    const zone = (await getProfile(userId))?.timezone ?? DEFAULT_TIMEZONE;
    await finish(userId, importId, reminders, zone, now, deadline).catch((error: unknown) => {
      logger.warn('Import committed; some reminders are finished on their next read', { importId, error });
    });
    return { imported: reminders.length, skipped };
  } finally {
    if (!committed) await releaseLock(userId).catch(() => undefined);
  }
}

/** A reminder as staged: hidden, outside the next-mail index (finish() places it in the owner's zone). */
function stagedItem(reminder: Reminder, importId: string, notBefore: string): Item {
  return { ...toItem(reminder, { notBefore, nextAt: null }), [IMPORT_PENDING]: importId };
}

async function takeLock(userId: string, now: Date): Promise<void> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  try {
    await writeWhileAccountExists(userId, [
      {
        Put: {
          Item: {
            ...itemKey(keys.user(userId), keys.importLock()),
            entity: ENTITY.importLock,
            [TTL_ATTRIBUTE]: nowSeconds + LOCK_SECONDS,
          },
          // Free, or left by an import that died (DynamoDB's TTL may take a while to remove it).
          ConditionExpression: `${ITEM_ABSENT} OR #expires < :now`,
          ExpressionAttributeNames: { '#expires': TTL_ATTRIBUTE },
          ExpressionAttributeValues: { ':now': nowSeconds },
        },
      },
    ]);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new ImportBusyError();
    throw error;
  }
}

async function releaseLock(userId: string): Promise<void> {
  await batchWriteAll([{ DeleteRequest: { Key: itemKey(keys.user(userId), keys.importLock()) } }]);
}

/**
 * The reminder items of `userId` that are visible: those no import holds, and those of imports that
 * committed (finished here, as a read that meets them should). Items of imports that never committed
 * stay hidden; with `removeAbandoned` (only under the import lock) they are deleted.
 */
export async function resolvePending(
  userId: string,
  items: readonly Item[],
  options: { removeAbandoned?: boolean } = {},
): Promise<Item[]> {
  const importIds = [...new Set(items.map(pendingOf).filter((id): id is string => id !== undefined))];
  if (importIds.length === 0) return [...items];
  const committed = new Set<string>();
  for (const importId of importIds) {
    if (await getItem(keys.user(userId), keys.importBatch(importId))) committed.add(importId);
  }
  const visible = items.filter((item) => {
    const pending = pendingOf(item);
    return pending === undefined || committed.has(pending);
  });
  const late = items.filter((item) => committed.has(pendingOf(item) ?? ''));
  if (late.length > 0) {
    const zone = (await getProfile(userId))?.timezone ?? DEFAULT_TIMEZONE;
    for (const importId of committed) {
      const ofImport = late.filter((item) => pendingOf(item) === importId).map(parseReminder);
      await finish(userId, importId, ofImport, zone, new Date()).catch((error: unknown) => {
        logger.warn('Could not finish an imported reminder; a later read will', { importId, error });
      });
    }
  }
  if (options.removeAbandoned) {
    const abandoned = items.filter((item) => {
      const pending = pendingOf(item);
      return pending !== undefined && !committed.has(pending);
    });
    // Only while still pending: never an item finished meanwhile.
    await forEachConcurrent(abandoned, FINISH_CONCURRENCY, async (item) => {
      try {
        await dynamo().send(
          new DeleteCommand({
            TableName: tableName(),
            Key: itemKey(String(item.pk), String(item.sk)),
            ...pendingCondition(pendingOf(item)!),
          }),
        );
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    });
  }
  return visible;
}

/**
 * For a whole partition's items (account deletion, the data download): whether an item is a reminder
 * of an import that never committed, which was never the user's reminder and never counted.
 */
export function uncommittedIn(partition: readonly Item[]): (item: Item) => boolean {
  const committed = new Set(
    partition.filter((item) => item.entity === ENTITY.importBatch).map((item) => String(item.id)),
  );
  return (item) => {
    const pending = pendingOf(item);
    return pending !== undefined && !committed.has(pending);
  };
}

/** One reminder item by id, if it is visible (see resolvePending). */
export async function getVisibleReminderItem(userId: string, reminderId: string): Promise<Item | undefined> {
  const item = await getItem(keys.user(userId), keys.reminder(reminderId));
  if (!item) return undefined;
  const [visible] = await resolvePending(userId, [item]);
  return visible;
}

/**
 * Writes a committed import's reminders in their final form: a place in the next-mail index from
 * today on, `import_pending` gone, as many as `deadline` leaves time for. Only over the staged item: one the user has since edited or
 * deleted is left as it is. The commit record stays (a small item per import): it is what tells a
 * committed import's reminders from an abandoned one's.
 */
async function finish(
  userId: string,
  importId: string,
  reminders: readonly Reminder[],
  zone: string,
  now: Date,
  deadline = Infinity,
): Promise<void> {
  await forEachConcurrent(reminders, FINISH_CONCURRENCY, async (reminder) => {
    // Past the budget the rest stay pending: committed, so the next read that meets them finishes them.
    if (Date.now() > deadline) return;
    try {
      await dynamo().send(
        new PutCommand({
          TableName: tableName(),
          Item: toItem(reminder, freshPlacement(reminder, zone, now)),
          ...pendingCondition(importId),
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  });
}

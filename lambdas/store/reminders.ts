import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { Reminder } from '../../shared/api.ts';
import type { ReminderInput } from '../../shared/schemas.ts';
import { DUE_SHARDS, keys, shardFor, TABLE_KEYS } from '../../shared/table.ts';
import { dynamo } from '../runtime/clients.ts';
import { env } from '../runtime/env.ts';
import { queryAll } from '../runtime/query.ts';
import { countReminder } from './stats.ts';

interface ReminderItem extends Reminder {
  pk: string;
  sk: string;
  gsi1pk: string;
  gsi1sk: string;
  entity: 'reminder';
}

/** The stored item of a reminder, with its due-index keys (also used by seeding scripts). */
export function toItem(reminder: Reminder): ReminderItem {
  return {
    ...reminder,
    pk: keys.user(reminder.user_id),
    sk: keys.reminder(reminder.id),
    gsi1pk: keys.due(reminder.renewal_date, shardFor(reminder.id)),
    gsi1sk: reminder.id,
    entity: 'reminder',
  };
}

export function fromItem(item: Record<string, unknown>): Reminder {
  return {
    id: item.id as string,
    user_id: item.user_id as string,
    title: item.title as string,
    category: item.category as Reminder['category'],
    provider: item.provider as string,
    renewal_date: item.renewal_date as string,
    amount: (item.amount as number | null | undefined) ?? null,
    notes: (item.notes as string | null | undefined) ?? null,
    created_at: item.created_at as string,
    updated_at: item.updated_at as string,
  };
}

/** A user's reminders, renewal date ascending (then title), following every page. */
export async function listReminders(userId: string): Promise<Reminder[]> {
  const items = await queryAll({
    TableName: env().TABLE_NAME,
    KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
    ExpressionAttributeNames: { '#pk': TABLE_KEYS.partitionKey, '#sk': TABLE_KEYS.sortKey },
    ExpressionAttributeValues: { ':pk': keys.user(userId), ':prefix': keys.reminderPrefix },
  });
  const reminders = items.map(fromItem);
  return reminders.sort(
    (a, b) => a.renewal_date.localeCompare(b.renewal_date) || a.title.localeCompare(b.title),
  );
}

export async function getReminder(userId: string, id: string): Promise<Reminder | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: env().TABLE_NAME, Key: { pk: keys.user(userId), sk: keys.reminder(id) } }),
  );
  return Item ? fromItem(Item) : undefined;
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
  await dynamo().send(
    new PutCommand({
      TableName: env().TABLE_NAME,
      Item: toItem(reminder),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
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
  const existing = await getReminder(userId, id);
  if (!existing) return undefined;
  const updated: Reminder = { ...existing, ...input, updated_at: now.toISOString() };
  try {
    await dynamo().send(
      new PutCommand({
        TableName: env().TABLE_NAME,
        Item: toItem(updated),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
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
      TableName: env().TABLE_NAME,
      Key: { pk: keys.user(userId), sk: keys.reminder(id) },
      ReturnValues: 'ALL_OLD',
    }),
  );
  if (!Attributes) return false;
  await countReminder(fromItem(Attributes), -1);
  return true;
}

/** Reminders renewing on one calendar date, across all users: one query per shard, never a scan. */
export async function remindersDueOn(date: string): Promise<Reminder[]> {
  const pages = await Promise.all(
    Array.from({ length: DUE_SHARDS }, async (_, shard) =>
      (
        await queryAll({
          TableName: env().TABLE_NAME,
          IndexName: TABLE_KEYS.dueIndex.name,
          KeyConditionExpression: '#pk = :pk',
          ExpressionAttributeNames: { '#pk': TABLE_KEYS.dueIndex.partitionKey },
          ExpressionAttributeValues: { ':pk': keys.due(date, shard) },
        })
      ).map(fromItem),
    ),
  );
  return pages.flat();
}

/**
 * What follows a departure from a household (decision 0044): the shared reminders stay with the
 * household, placed again for who is left; the last member's departure deletes the household's data
 * (its shared reminders, their outcomes and quotes), since no one is left to see it.
 */
import { membersNamed, whoPaysSchema } from '../../../shared/reminder/split.ts';
import { ENTITY, keys } from '../../../shared/table.ts';
import { batchWriteAll } from '../../runtime/batch.ts';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../runtime/clients.ts';
import { itemKey, queryAll, tableName } from '../db.ts';
import { refreshHouseholdNextMails } from './householdNextMail.ts';
import { parseReminder } from '../items.ts';
import type { Departure } from '../households/index.ts';
import { applyCounters, reminderCounters } from '../counters.ts';

type Item = Record<string, unknown>;

/** Deletes everything left in the household's partition, and takes its live reminders off the counters. */
export async function deleteHouseholdData(householdId: string): Promise<void> {
  const items = await queryAll({ pk: keys.household(householdId) }, { consistent: true });
  for (const item of items) {
    if (item.entity !== ENTITY.reminder) continue;
    const reminder = parseReminder({ ...item, user_id: '' });
    // A cancelled reminder left the counters when it was cancelled.
    if (reminder.archived_at === null)
      await applyCounters('reminder deleted', reminderCounters(reminder, -1));
  }
  await batchWriteAll(
    items.map((item) => ({ DeleteRequest: { Key: itemKey(String(item.pk), String(item.sk)) } })),
  );
}

/** Whether a stored 'Who pays?' names `membershipId` (one that does not read names no one). */
function paysNames(value: unknown, membershipId: string): boolean {
  const parsed = whoPaysSchema.safeParse(value);
  return parsed.success && membersNamed(parsed.data).includes(membershipId);
}

/** What a departed member's membership id becomes in the household's items: no one in particular. */
export const FORMER_MEMBER_ID = 'former';

/** The item with every mention of `membershipId` replaced, or undefined when it names them nowhere. */
export function withoutMember(item: Item, membershipId: string): Item | undefined {
  const names = (value: unknown) => value === membershipId;
  const snoozes = Array.isArray(item.snoozes) ? (item.snoozes as Item[]) : [];
  const named =
    ['created_by', 'updated_by', 'recorded_by', 'deals_with'].some((f) => names(item[f])) ||
    paysNames(item.who_pays, membershipId) ||
    snoozes.some((snooze) => names(snooze.by));
  if (!named) return undefined;
  const forget = (field: string) => (names(item[field]) ? { [field]: FORMER_MEMBER_ID } : {});
  return {
    ...item,
    ...forget('created_by'),
    ...forget('updated_by'),
    ...forget('recorded_by'),
    // Whoever deals with it now: nobody in particular, until a member chooses.
    ...(names(item.deals_with) ? { deals_with: null } : {}),
    // A split that names them: the household's default, equal parts among those left.
    ...(paysNames(item.who_pays, membershipId) ? { who_pays: null } : {}),
    ...(Array.isArray(item.snoozes)
      ? { snoozes: snoozes.map((s) => (names(s.by) ? { ...s, by: FORMER_MEMBER_ID } : s)) }
      : {}),
  };
}

/**
 * Rewrites the household's items that name a departed member's membership id, so nothing in them
 * leads back to them ('A former member'). Each over the item as read; one changed meanwhile is read
 * again.
 */
export async function forgetMember(householdId: string, membershipId: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const items = await queryAll({ pk: keys.household(householdId) }, { consistent: true });
    let changed = false;
    for (const item of items) {
      const rewritten = withoutMember(item, membershipId);
      if (!rewritten) continue;
      try {
        const snoozes = Array.isArray(item.snoozes) ? item.snoozes.length : 0;
        await dynamo().send(
          new PutCommand({
            TableName: tableName(),
            Item: rewritten,
            // Over the item as read: no edit, and no snooze (which keeps updated_at), in between.
            ConditionExpression:
              'updated_at = :read AND (attribute_not_exists(snoozes) OR size(snoozes) = :snoozes)',
            ExpressionAttributeValues: { ':read': item.updated_at, ':snoozes': snoozes },
          }),
        );
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        changed = true;
      }
    }
    if (!changed) return;
  }
}

/**
 * After a member left or was removed: the household's items forget them and its reminders are placed
 * again for who is left, or, when no one is left, its data is deleted.
 */
export async function afterDeparture(departure: Departure): Promise<void> {
  if (departure.remaining.length === 0) return deleteHouseholdData(departure.householdId);
  await forgetMember(departure.householdId, departure.departed.membership_id);
  await refreshHouseholdNextMails(departure.householdId);
}

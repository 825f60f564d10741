/**
 * What follows a departure from a household (decision 0044): the shared reminders stay with the
 * household, placed again for who is left; the last member's departure deletes the household's data
 * (its shared reminders, their outcomes and quotes), since no one is left to see it.
 */
import { ENTITY, keys } from '../../shared/table.ts';
import { batchWriteAll } from '../runtime/batch.ts';
import { itemKey, queryAll } from './db.ts';
import { refreshHouseholdNextMails } from './householdNextMail.ts';
import { parseReminder } from './items.ts';
import type { Departure } from './membership.ts';
import { applyCounters, reminderCounters } from './stats.ts';

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

/** After a member left or was removed: the household's reminders placed again, or its data deleted. */
export async function afterDeparture(departure: Departure): Promise<void> {
  if (departure.remaining.length > 0) await refreshHouseholdNextMails(departure.householdId);
  else await deleteHouseholdData(departure.householdId);
}

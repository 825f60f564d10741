/** 'Delete': the reminder and its quote notebooks. False when the caller has no such reminder. */
import * as store from '../../store/reminders/index.ts';

export async function deleteReminder(userId: string, id: string): Promise<boolean> {
  const home = await store.deleteReminder(userId, id);
  if (!home) return false;
  // Its quote notebooks go with it (a retry after a crash here finds the reminder gone: 404, and
  // the quotes left are still in the reminder's partition, in 'Download my data', and go with it).
  await store.removeQuotesOf(home.pk, id);
  return true;
}

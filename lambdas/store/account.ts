import { COUNTERS, ENTITY, keys } from '../../shared/table.ts';
import { batchWriteAll } from '../runtime/batch.ts';
import { deleteLogin } from '../runtime/identity.ts';
import { itemKey, queryAll } from './db.ts';
import { parseAnyItem, parseEmailSend, parseProfile, parseReminder, parseSaving } from './items.ts';
import { toPence } from './savings.ts';
import {
  applyCounters,
  countryCounters,
  globalShard,
  reminderCounters,
  type CounterUpdate,
} from './stats.ts';

/** What a deleted user's send records keep: the mail log, without the person. */
export const ANONYMISED_USER = 'deleted-user';
export const ANONYMISED_EMAIL = 'deleted@anonymised.invalid';

/**
 * Deletes every item of the user (profile, reminders, savings, send records), keeps the counters
 * true, then the Cognito user. Send records are first copied out of the user's partition with the
 * address and the user id removed, so the mail log stays whole but names no one. Safe to retry: a
 * second run finds nothing left and deletes the login.
 */
export async function deleteAccount(userId: string, username: string): Promise<{ itemsDeleted: number }> {
  const items = (await queryAll({ pk: keys.user(userId) })).map(parseAnyItem);
  const ofEntity = (entity: string) => items.filter((item) => item.entity === entity);

  const anonymised = ofEntity(ENTITY.emailSend).map((item) => {
    const send = parseEmailSend(item);
    return {
      PutRequest: {
        Item: {
          ...item,
          ...itemKey(keys.anonymisedSends(), keys.anonymisedSend(send.created_at, send.id)),
          user_id: ANONYMISED_USER,
          to_email: ANONYMISED_EMAIL,
          claim_token: null,
        },
      },
    };
  });
  await batchWriteAll(anonymised);
  await batchWriteAll(items.map((item) => ({ DeleteRequest: { Key: itemKey(item.pk, item.sk) } })));

  // Every counter the account moved, in one batch on one shard (merged per item before writing).
  const shard = globalShard();
  const counters: CounterUpdate[] = [];
  for (const profile of ofEntity(ENTITY.profile).map(parseProfile)) {
    counters.push(
      { key: shard, deltas: { [COUNTERS.users]: -1 } },
      ...countryCounters(profile.country, undefined, shard),
    );
  }
  for (const saving of ofEntity(ENTITY.saving).map(parseSaving)) {
    counters.push({
      key: shard,
      deltas: { [COUNTERS.savingsReports]: -1, [COUNTERS.savingsTotalPence]: -toPence(saving.saved_amount) },
    });
  }
  for (const reminder of ofEntity(ENTITY.reminder).map(parseReminder)) {
    counters.push(...reminderCounters(reminder, -1, shard));
  }
  await applyCounters('account deleted', counters);

  await deleteLogin(username);
  return { itemsDeleted: items.length };
}

import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { COUNTERS, ENTITY, keys } from '../../../shared/table.ts';
import { batchWriteAll } from '../../runtime/batch.ts';
import { dynamo } from '../../runtime/clients.ts';
import { deleteLogin, signOutEverywhere } from '../../runtime/identity.ts';
import { ITEM_EXISTS, itemKey, queryAll, tableName } from '../db.ts';
import { uncommittedIn } from '../reminders/index.ts';
import {
  parseAnyItem,
  parseEmailSend,
  parseLogRef,
  parseProfile,
  parseReminder,
  parseOutcome,
} from '../items.ts';
import { deleteCalendarLookup } from '../account/index.ts';
import { deleteInboxLookup } from '../account/index.ts';
import { deleteTelegramLookups } from '../channels/index.ts';
import { leaveHousehold } from '../households/index.ts';
import { afterDeparture } from '../reminders/index.ts';
import { ANONYMISED_EMAIL, ANONYMISED_USER } from '../liveAccount.ts';
import { outcomeCounters } from '../reminders/index.ts';
import {
  applyCounters,
  countryCounters,
  globalShard,
  reminderCounters,
  signupDayCounter,
  type CounterUpdate,
} from '../counters.ts';

export { ANONYMISED_EMAIL, ANONYMISED_USER } from '../liveAccount.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Anonymises a log item a pointer names; one already gone (or never written) is fine. */
export async function anonymiseLog(entity: string, pk: string, sk: string): Promise<void> {
  const fields: Record<string, unknown> =
    entity === ENTITY.audit ? { actor_id: ANONYMISED_USER, actor_email: null } : { user_id: ANONYMISED_USER };
  const entries = Object.entries(fields);
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: itemKey(pk, sk),
        ConditionExpression: ITEM_EXISTS,
        UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#f${i}`, name])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value])),
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/**
 * Deletes an account so that nothing left names the person:
 * 1. signs the user out everywhere (no new tokens from the refresh token);
 * 1b. (the caller has left their household: lambdas/features/household/members.ts `leave`, which mails its
 *    members; the shared reminders stay with the household, and the last member's
 *    deletion deletes them with it);
 * 2. deletes the profile first: from then on every write for this user fails (each write checks
 *    the profile in the same transaction), so nothing new can land in the partition;
 * 3. reads the partition (consistently) and, before deleting it: copies each send record to the
 *    anonymised mail log without the user id, the address, the claim token and the subject (which
 *    held the reminder's title and provider: the mail type stands in); anonymises each e-mail log and
 *    audit entry a pointer in the partition names;
 * 4. deletes every item of the partition, keeps the counters true, then deletes the login.
 * Safe to retry: a second run finds what is left and finishes.
 */
export async function deleteAccount(userId: string, username: string): Promise<{ itemsDeleted: number }> {
  await signOutEverywhere(username);

  const { Attributes: profileItem } = await dynamo().send(
    new DeleteCommand({
      TableName: tableName(),
      Key: itemKey(keys.user(userId), keys.profile()),
      ReturnValues: 'ALL_OLD',
    }),
  );
  const profile = profileItem ? parseProfile(profileItem) : undefined;
  // The caller left their household first (deleteMe); a join that raced it ends here: from now on no
  // join can land (each checks the profile), so the partition's membership item is never orphaned.
  const departure = await leaveHousehold(userId);
  if (departure) await afterDeparture(departure);
  // The calendar feed's lookup sits outside the partition: its address stops with the account.
  if (profile) await deleteCalendarLookup(profile);
  // So does the inbox address's: mail to it finds no one once the account is gone.
  await deleteInboxLookup(userId);
  // And Telegram's: a pending connect link finds no one, a bound chat's '/stop' finds no one.
  await deleteTelegramLookups(userId);
  // (Access tokens carry no address: on a retry after the profile went, there is none to scrub.)
  const address = profile?.email;

  const items = (await queryAll({ pk: keys.user(userId) }, { consistent: true })).map(parseAnyItem);
  const ofEntity = (entity: string) => items.filter((item) => item.entity === entity);

  const withoutAddress = (text: string | null) =>
    text && address ? text.replace(new RegExp(escapeRegExp(address), 'gi'), '[address removed]') : text;
  const anonymised = ofEntity(ENTITY.emailSend).map((item) => {
    const send = parseEmailSend(item);
    return {
      PutRequest: {
        Item: {
          ...item,
          ...itemKey(keys.anonymisedSends(), keys.anonymisedSend(send.created_at, send.id)),
          user_id: ANONYMISED_USER,
          to_email: ANONYMISED_EMAIL,
          subject: send.email_type,
          error_message: withoutAddress(send.error_message),
          claim_token: null,
        },
      },
    };
  });
  await batchWriteAll(anonymised);
  for (const ref of ofEntity(ENTITY.logRef).map(parseLogRef)) {
    await anonymiseLog(
      ref.ref_pk === keys.auditLog() ? ENTITY.audit : ENTITY.emailLog,
      ref.ref_pk,
      ref.ref_sk,
    );
  }
  await batchWriteAll(items.map((item) => ({ DeleteRequest: { Key: itemKey(item.pk, item.sk) } })));

  // Every counter the account moved, in one batch on one shard (merged per item before writing).
  const shard = globalShard();
  const counters: CounterUpdate[] = [];
  if (profile) {
    counters.push(
      { key: shard, deltas: { [COUNTERS.users]: -1 } },
      ...countryCounters(profile.country, undefined, shard),
      // 'New this week' counts the users still there, as 'Total Users' does.
      signupDayCounter(profile.created_at, -1),
    );
  }
  for (const outcome of ofEntity(ENTITY.saving).map(parseOutcome)) {
    counters.push({ key: shard, deltas: outcomeCounters(outcome, -1) });
  }
  // A cancelled reminder left the counters when it was cancelled.
  const uncommitted = uncommittedIn(items);
  for (const reminder of ofEntity(ENTITY.reminder)
    .filter((item) => !uncommitted(item))
    .map(parseReminder)) {
    if (reminder.archived_at === null) counters.push(...reminderCounters(reminder, -1, shard));
  }
  await applyCounters('account deleted', counters);

  await deleteLogin(username);
  return { itemsDeleted: items.length + (profile ? 1 : 0) };
}

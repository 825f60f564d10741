/**
 * A simulation's records in bulk: per mail, the simulated send record (in the owner's partition), the
 * simulated e-mail log entry and its pointer (in the owner's partition). The same items that
 * recordUnclaimedSend and writeEmailLog write one transaction at a time, written here with
 * BatchWriteItem so that a date with thousands of due mails fits in the admin API's timeout.
 *
 * BatchWriteItem takes no condition, so the owner's profile cannot be checked in the same write as
 * writeWhileAccountExists does. Instead the profiles are read (consistently) after the writes, and
 * an owner found gone gets the result a refused write would have left: no send record and no
 * pointer in the partition, the log entry kept without the user id. This holds against a deletion
 * at any moment because deleteAccount deletes the profile first and then reads the partition
 * consistently: a profile still there after our writes means the deletion's read comes later and
 * finds them; a profile gone means we clean up ourselves.
 */
import { ENTITY, keys } from '../../../shared/table.ts';
import { batchWriteAll, type WriteRequest } from '../../runtime/batch.ts';
import { anonymiseLog } from '../wholeAccount/index.ts';
import { getItems, itemKey } from '../db.ts';
import { emailLogEntry } from '../sending/index.ts';
import { logNamingUserItems } from '../liveAccount.ts';
import { unclaimedSendItem, type SendIdentity } from '../sends.ts';

export interface SimulatedMail {
  identity: Omit<SendIdentity, 'dedupeKey'>;
  /** When the simulation recorded it: the send record's times and the log entry's sent_at. */
  at: Date;
}

export interface BulkWriteOptions {
  /** BatchWrite calls in flight at once. */
  concurrency: number;
  /** Calls per batch of 25 before unprocessed writes are an error. */
  maxRounds: number;
}

type Key = { pk: string; sk: string };

interface OwnerItems {
  /** Items in the owner's partition: send records and log pointers. */
  inPartition: Key[];
  /** Log entries that name the owner. */
  logs: Key[];
}

const keyOf = (item: Record<string, unknown>): Key => ({ pk: String(item.pk), sk: String(item.sk) });

export async function recordSimulatedMails(
  mails: readonly SimulatedMail[],
  options: BulkWriteOptions,
): Promise<void> {
  const requests: WriteRequest[] = [];
  const byOwner = new Map<string, OwnerItems>();
  for (const { identity, at } of mails) {
    const send = unclaimedSendItem(identity, { status: 'pending', simulated: true }, at);
    const entry = emailLogEntry({
      user_id: identity.userId,
      reminder_id: identity.reminderId,
      email_type: identity.emailType,
      days_before: identity.daysBefore,
      simulated: true,
      sent_at: at.toISOString(),
    });
    const { item: log, ref } = logNamingUserItems(identity.userId, entry.key, entry.fields);
    requests.push(
      { PutRequest: { Item: send } },
      { PutRequest: { Item: log } },
      { PutRequest: { Item: ref } },
    );
    const owner = byOwner.get(identity.userId) ?? { inPartition: [], logs: [] };
    owner.inPartition.push(keyOf(send), keyOf(ref));
    owner.logs.push(entry.key);
    byOwner.set(identity.userId, owner);
  }
  try {
    await batchWriteAll(requests, options);
  } finally {
    // Also after a failed write: whatever did land must not outlive a deleted account.
    await forgetGoneOwners(byOwner, options);
  }
}

/** Owners whose profile is gone now: their items leave the partition, their log entries lose the id. */
async function forgetGoneOwners(byOwner: Map<string, OwnerItems>, options: BulkWriteOptions): Promise<void> {
  const owners = [...byOwner.keys()];
  const profiles = await getItems(
    owners.map((userId) => ({ pk: keys.user(userId), sk: keys.profile() })),
    { consistent: true },
  );
  const present = new Set(profiles.map((item) => String(item.pk)));
  const gone = owners.filter((userId) => !present.has(keys.user(userId)));
  if (gone.length === 0) return;
  const items = gone.map((userId) => byOwner.get(userId)!);
  await batchWriteAll(
    items.flatMap(({ inPartition }) =>
      inPartition.map(({ pk, sk }) => ({ DeleteRequest: { Key: itemKey(pk, sk) } })),
    ),
    options,
  );
  // Only entries that were written are changed (an entry never written stays unwritten).
  for (const { pk, sk } of items.flatMap(({ logs }) => logs)) await anonymiseLog(ENTITY.emailLog, pk, sk);
}

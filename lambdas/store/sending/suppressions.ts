import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { ENTITY, keys, TABLE_KEYS } from '../../../shared/table.ts';
import { dynamo } from '../../runtime/clients.ts';
import { addressHashes } from '../../runtime/signingKey.ts';
import { getItems, itemKey, putItem, tableName } from '../db.ts';

/**
 * Addresses SES reported as bouncing permanently or complaining: the reminder job mails them no more.
 * Kept after the account is deleted (a bounced address must never be mailed again, whoever signs up
 * with it), so the entry holds no address: its key is a keyed hash of the address under the
 * stage's key version, which only our functions can compute, and which cannot be reversed.
 */
/**
 * Every key under which an address may be suppressed: its entry under each key version, and the
 * legacy entry that held the address. A send's claim checks them all are absent, just before SES.
 */
export async function suppressionKeys(email: string): Promise<{ pk: string; sk: string }[]> {
  const hashes = await addressHashes(email);
  return [
    ...hashes.map(({ version, hash }) => ({
      pk: keys.suppressed(version, hash),
      sk: keys.suppressedEntry(),
    })),
    { pk: keys.legacySuppressed(email), sk: keys.suppressedEntry() },
  ];
}

/** Which of these addresses are suppressed: one BatchGet per 100 keys, for a run's planner. */
export async function suppressedAmong(emails: readonly string[]): Promise<Set<string>> {
  const byKey = new Map<string, string>();
  for (const email of new Set(emails)) {
    for (const key of await suppressionKeys(email)) byKey.set(key.pk, email);
  }
  const found = await getItems([...byKey.keys()].map((pk) => ({ pk, sk: keys.suppressedEntry() })));
  return new Set(found.map((item) => byKey.get(String(item[TABLE_KEYS.partitionKey]))!));
}

export async function isSuppressed(email: string): Promise<boolean> {
  // One BatchGet: the entry under each key version, and the legacy entry that held the address.
  const legacyKey = keys.legacySuppressed(email);
  const found = await getItems(await suppressionKeys(email));
  if (found.length === 0) return false;
  const legacy = found.find((item) => item[TABLE_KEYS.partitionKey] === legacyKey);
  if (!legacy || found.length > 1) return true;
  // An entry written before the hash held the address: moved to the hashed form on first sight.
  await suppress(email, String(legacy.reason ?? 'bounce'));
  await dynamo().send(
    new DeleteCommand({
      TableName: tableName(),
      Key: itemKey(keys.legacySuppressed(email), keys.suppressedEntry()),
    }),
  );
  return true;
}

export async function suppress(email: string, reason: string, now = new Date()): Promise<void> {
  const [current] = await addressHashes(email);
  await putItem({
    ...itemKey(keys.suppressed(current!.version, current!.hash), keys.suppressedEntry()),
    entity: ENTITY.suppression,
    key_version: current!.version,
    reason,
    suppressed_at: now.toISOString(),
  });
}

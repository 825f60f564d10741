import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { ENTITY, keys } from '../../shared/table.ts';
import { dynamo } from '../runtime/clients.ts';
import { addressHashes } from '../runtime/unsubscribe.ts';
import { getItem, itemKey, putItem, tableName } from './db.ts';

/**
 * Addresses SES reported as bouncing permanently or complaining: the daily job mails them no more.
 * Kept after the account is deleted (a bounced address must never be mailed again, whoever signs up
 * with it), so the entry holds no address: its key is a keyed hash of the address under the
 * stage's key version, which only our functions can compute, and which cannot be reversed.
 */
export async function isSuppressed(email: string): Promise<boolean> {
  const hashes = await addressHashes(email);
  for (const { version, hash } of hashes) {
    if (await getItem(keys.suppressed(version, hash), keys.suppressedEntry())) return true;
  }
  // Entries written before the hash held the address: moved to the hashed form on first sight.
  const legacy = await getItem(keys.legacySuppressed(email), keys.suppressedEntry());
  if (!legacy) return false;
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

import { ENTITY, keys } from '../../shared/table.ts';
import { getItem, itemKey, putItem } from './db.ts';

/** Addresses SES reported as bouncing permanently or complaining: the daily job mails them no more. */
export async function isSuppressed(email: string): Promise<boolean> {
  return Boolean(await getItem(keys.suppressed(email), keys.suppressedEntry()));
}

export async function suppress(email: string, reason: string, now = new Date()): Promise<void> {
  await putItem({
    ...itemKey(keys.suppressed(email), keys.suppressedEntry()),
    entity: ENTITY.suppression,
    reason,
    suppressed_at: now.toISOString(),
  });
}

import { randomUUID } from 'node:crypto';
import type { EmailLog } from '../../shared/api.ts';
import { ENTITY, keys } from '../../shared/table.ts';
import { itemKey, putItem, queryPage } from './db.ts';
import { parseEmailLog } from './items.ts';

/** The e-mail log: what went out (or, simulated, would have), newest first. */
export async function writeEmailLog(log: Omit<EmailLog, 'id'>): Promise<void> {
  const id = randomUUID();
  await putItem({
    ...itemKey(keys.emailLogs(), keys.emailLog(log.sent_at, id)),
    entity: ENTITY.emailLog,
    id,
    ...log,
  });
}

export async function latestEmailLogs(limit: number): Promise<EmailLog[]> {
  return (await queryPage({ pk: keys.emailLogs() }, { newestFirst: true, limit })).map(parseEmailLog);
}

import { randomUUID } from 'node:crypto';
import type { EmailLog } from '../../shared/api.ts';
import { ENTITY, keys } from '../../shared/table.ts';
import { queryPage } from './db.ts';
import { parseEmailLog } from './items.ts';
import { ANONYMISED_USER, putLogNamingUser } from './liveAccount.ts';

/**
 * The e-mail log: what went out (or, simulated, would have), newest first. Each entry names its
 * user while the account exists; a pointer in the user's partition lets deletion anonymise it.
 */
export async function writeEmailLog(log: Omit<EmailLog, 'id'>): Promise<void> {
  const id = randomUUID();
  await putLogNamingUser(
    log.user_id,
    { pk: keys.emailLogs(), sk: keys.emailLog(log.sent_at, id) },
    { entity: ENTITY.emailLog, id, ...log },
    { user_id: ANONYMISED_USER },
  );
}

export async function latestEmailLogs(limit: number): Promise<EmailLog[]> {
  return (await queryPage({ pk: keys.emailLogs() }, { newestFirst: true, limit })).map(parseEmailLog);
}

import { randomUUID } from 'node:crypto';
import type { EmailLog } from '../../../shared/api.ts';
import { ENTITY, keys } from '../../../shared/table.ts';
import { queryPage } from '../db.ts';
import { parseEmailLog } from '../items.ts';
import { ANONYMISED_USER, putLogNamingUser } from '../liveAccount.ts';

/** What an e-mail log entry stands in for its user once the account is gone. */
export const ANONYMISED_EMAIL_LOG = { user_id: ANONYMISED_USER };

/** An e-mail log entry's key and fields, with a fresh id (`sent_at` orders the log). */
export function emailLogEntry(log: Omit<EmailLog, 'id'>): {
  key: { pk: string; sk: string };
  fields: Record<string, unknown>;
} {
  const id = randomUUID();
  return {
    key: { pk: keys.emailLogs(), sk: keys.emailLog(log.sent_at, id) },
    fields: { entity: ENTITY.emailLog, id, ...log },
  };
}

/**
 * The e-mail log: what went out (or, simulated, would have), newest first. Each entry names its
 * user while the account exists; a pointer in the user's partition lets deletion anonymise it.
 */
export async function writeEmailLog(log: Omit<EmailLog, 'id'>): Promise<void> {
  const { key, fields } = emailLogEntry(log);
  await putLogNamingUser(log.user_id, key, fields, ANONYMISED_EMAIL_LOG);
}

export async function latestEmailLogs(limit: number): Promise<EmailLog[]> {
  return (await queryPage({ pk: keys.emailLogs() }, { newestFirst: true, limit })).map(parseEmailLog);
}

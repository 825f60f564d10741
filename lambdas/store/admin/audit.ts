import { randomUUID } from 'node:crypto';
import type { AuditEntry } from '../../../shared/admin.ts';
import { ENTITY, keys } from '../../../shared/table.ts';
import type { Caller } from '../../runtime/http.ts';
import { queryPage } from '../db.ts';
import { parseAudit } from '../items.ts';
import { getProfile } from '../account/index.ts';
import { ANONYMISED_USER, putLogNamingUser } from '../liveAccount.ts';

/**
 * Every admin action that changes or sends anything is written here; only admins can read it. The
 * entry names the admin while the admin's account exists (accountability); deleting the account
 * anonymises the actor through the pointer in the admin's partition and keeps the action. The actor's address comes from their profile (the access token carries none).
 */
export async function audit(caller: Caller, action: AuditEntry['action'], detail: string, now = new Date()) {
  const actor = await getProfile(caller.userId);
  const entry: AuditEntry = {
    id: randomUUID(),
    at: now.toISOString(),
    actor_id: caller.userId,
    actor_email: actor?.email ?? null,
    action,
    detail: detail.slice(0, 1000),
  };
  await putLogNamingUser(
    caller.userId,
    { pk: keys.auditLog(), sk: keys.auditEntry(entry.at, entry.id) },
    { entity: ENTITY.audit, ...entry },
    { actor_id: ANONYMISED_USER, actor_email: null },
  );
  return entry;
}

export async function latestAudit(limit: number): Promise<AuditEntry[]> {
  return (await queryPage({ pk: keys.auditLog() }, { newestFirst: true, limit })).map(parseAudit);
}

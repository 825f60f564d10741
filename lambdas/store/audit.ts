import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditEntry } from '../../shared/api.ts';
import { keys } from '../../shared/table.ts';
import { dynamo } from '../runtime/clients.ts';
import { env } from '../runtime/env.ts';
import type { Caller } from '../runtime/http.ts';

/** Every admin action that changes or sends anything is written here; only admins can read it. */
export async function audit(caller: Caller, action: AuditEntry['action'], detail: string, now = new Date()) {
  const entry: AuditEntry = {
    id: randomUUID(),
    at: now.toISOString(),
    actor_id: caller.userId,
    actor_email: caller.email ?? null,
    action,
    detail: detail.slice(0, 1000),
  };
  await dynamo().send(
    new PutCommand({
      TableName: env().TABLE_NAME,
      Item: { pk: keys.auditLog(), sk: keys.auditEntry(entry.at, entry.id), entity: 'audit', ...entry },
    }),
  );
  return entry;
}

export async function latestAudit(limit: number): Promise<AuditEntry[]> {
  const page = await dynamo().send(
    new QueryCommand({
      TableName: env().TABLE_NAME,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.auditLog() },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (page.Items ?? []).map((item) => ({
    id: item.id as string,
    at: item.at as string,
    actor_id: item.actor_id as string,
    actor_email: (item.actor_email as string | null) ?? null,
    action: item.action as AuditEntry['action'],
    detail: item.detail as string,
  }));
}

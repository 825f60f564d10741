import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EmailLog, EmailSend, EmailType } from '../../shared/api.ts';
import { keys, TABLE_KEYS } from '../../shared/table.ts';
import { dynamo } from '../runtime/clients.ts';
import { env } from '../runtime/env.ts';

/**
 * Exactly-once sending rests on one conditional write per mail, made before SES is called: the
 * claim. Its key is the mail's identity (reminder + renewal date + lead days, say), so a re-run, a
 * retry or a second concurrent run finds it taken. A claim can be taken again only when its send
 * failed (SES said no) or when it is older than the lease, which means the run that took it died
 * before it could call SES or record the result.
 */
export const CLAIM_LEASE_MS = 2 * 60 * 1000;

export interface SendIdentity {
  dedupeKey: string;
  emailType: EmailType;
  userId: string;
  reminderId: string | null;
  daysBefore: number | null;
  toEmail: string;
  subject: string;
}

export interface Claim {
  id: string;
  userId: string;
  token: string;
  dedupeKey: string;
}

export type ClaimResult = { claimed: true; claim: Claim } | { claimed: false; status: string };

function sendItemKey(userId: string, dedupeKey: string) {
  return { pk: keys.user(userId), sk: keys.send(dedupeKey) };
}

export async function claimSend(
  identity: SendIdentity,
  now: Date,
  leaseMs = CLAIM_LEASE_MS,
): Promise<ClaimResult> {
  const token = randomUUID();
  const id = randomUUID();
  const iso = now.toISOString();
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: env().TABLE_NAME,
        Key: sendItemKey(identity.userId, identity.dedupeKey),
        ConditionExpression:
          'attribute_not_exists(pk) OR #status = :failed OR (#status = :pending AND claimed_at < :staleBefore)',
        UpdateExpression:
          'SET #status = :pending, claim_token = :token, claimed_at = :now, updated_at = :now, entity = :entity, ' +
          'id = if_not_exists(id, :id), created_at = if_not_exists(created_at, :now), ' +
          'user_id = :user, reminder_id = :reminder, email_type = :type, days_before = :days, to_email = :to, ' +
          'subject = :subject, simulated = :false, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk ADD attempts :one',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':failed': 'failed',
          ':pending': 'pending',
          ':staleBefore': new Date(now.getTime() - leaseMs).toISOString(),
          ':token': token,
          ':now': iso,
          ':entity': 'email_send',
          ':id': id,
          ':user': identity.userId,
          ':reminder': identity.reminderId,
          ':type': identity.emailType,
          ':days': identity.daysBefore,
          ':to': identity.toEmail,
          ':subject': identity.subject,
          ':false': false,
          ':gsi1pk': keys.sendsByDay(iso.slice(0, 10)),
          ':gsi1sk': `${iso}#${id}`,
          ':one': 1,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { claimed: true, claim: { id, userId: identity.userId, token, dedupeKey: identity.dedupeKey } };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const { Item } = await dynamo().send(
      new GetCommand({ TableName: env().TABLE_NAME, Key: sendItemKey(identity.userId, identity.dedupeKey) }),
    );
    return { claimed: false, status: (Item?.status as string | undefined) ?? 'unknown' };
  }
}

/** Records the SES acceptance; only the holder of the claim may. */
export async function markSent(claim: Claim, messageId: string, now: Date): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: env().TABLE_NAME,
      Key: sendItemKey(claim.userId, claim.dedupeKey),
      ConditionExpression: 'claim_token = :token',
      UpdateExpression:
        'SET #status = :sent, message_id = :mid, sent_at = :now, updated_at = :now, error_message = :null',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':token': claim.token,
        ':sent': 'sent',
        ':mid': messageId,
        ':now': now.toISOString(),
        ':null': null,
      },
    }),
  );
}

/** SES refused: the claim is released for a later attempt, with the reason kept. */
export async function markFailed(claim: Claim, message: string, now: Date): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: env().TABLE_NAME,
      Key: sendItemKey(claim.userId, claim.dedupeKey),
      ConditionExpression: 'claim_token = :token',
      UpdateExpression: 'SET #status = :failed, error_message = :err, updated_at = :now',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':token': claim.token,
        ':failed': 'failed',
        ':err': message.slice(0, 500),
        ':now': now.toISOString(),
      },
    }),
  );
}

/** A send record with no claim semantics: simulations and records of mail not sent (disabled). */
export async function recordUnclaimedSend(
  identity: Omit<SendIdentity, 'dedupeKey'>,
  fields: { status: EmailSend['status']; simulated: boolean; error_message?: string },
  now: Date,
): Promise<void> {
  const id = randomUUID();
  const iso = now.toISOString();
  await dynamo().send(
    new PutCommand({
      TableName: env().TABLE_NAME,
      Item: {
        ...sendItemKey(identity.userId, `unclaimed#${id}`),
        entity: 'email_send',
        id,
        user_id: identity.userId,
        reminder_id: identity.reminderId,
        email_type: identity.emailType,
        days_before: identity.daysBefore,
        to_email: identity.toEmail,
        subject: identity.subject,
        status: fields.status,
        simulated: fields.simulated,
        error_message: fields.error_message ?? null,
        message_id: null,
        sent_at: null,
        created_at: iso,
        updated_at: iso,
        gsi1pk: keys.sendsByDay(iso.slice(0, 10)),
        gsi1sk: `${iso}#${id}`,
      },
    }),
  );
}

export async function writeEmailLog(log: Omit<EmailLog, 'id'>): Promise<void> {
  const id = randomUUID();
  await dynamo().send(
    new PutCommand({
      TableName: env().TABLE_NAME,
      Item: { pk: keys.emailLogs(), sk: keys.emailLog(log.sent_at, id), entity: 'email_log', id, ...log },
    }),
  );
}

export function sendFromItem(item: Record<string, unknown>): EmailSend {
  return {
    id: item.id as string,
    user_id: item.user_id as string,
    reminder_id: (item.reminder_id as string | null) ?? null,
    email_type: item.email_type as EmailType,
    to_email: item.to_email as string,
    subject: item.subject as string,
    status: item.status as EmailSend['status'],
    message_id: (item.message_id as string | null) ?? null,
    error_message: (item.error_message as string | null) ?? null,
    days_before: (item.days_before as number | null) ?? null,
    simulated: item.simulated === true,
    sent_at: (item.sent_at as string | null) ?? null,
    created_at: item.created_at as string,
  };
}

/** Newest sends first, walking back one UTC day per query until `limit` are found (≤ 31 days). */
export async function latestSends(limit: number, now = new Date()): Promise<EmailSend[]> {
  const found: EmailSend[] = [];
  for (let back = 0; back < 31 && found.length < limit; back++) {
    const day = new Date(now.getTime() - back * 86_400_000).toISOString().slice(0, 10);
    const page = await dynamo().send(
      new QueryCommand({
        TableName: env().TABLE_NAME,
        IndexName: TABLE_KEYS.dueIndex.name,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': TABLE_KEYS.dueIndex.partitionKey },
        ExpressionAttributeValues: { ':pk': keys.sendsByDay(day) },
        ScanIndexForward: false,
        Limit: limit - found.length,
      }),
    );
    for (const item of page.Items ?? []) found.push(sendFromItem(item));
  }
  return found;
}

export async function latestEmailLogs(limit: number): Promise<EmailLog[]> {
  const page = await dynamo().send(
    new QueryCommand({
      TableName: env().TABLE_NAME,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.emailLogs() },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (page.Items ?? []).map((item) => ({
    id: item.id as string,
    user_id: item.user_id as string,
    reminder_id: (item.reminder_id as string | null) ?? null,
    email_type: item.email_type as EmailLog['email_type'],
    days_before: (item.days_before as number | null) ?? null,
    simulated: item.simulated === true,
    sent_at: item.sent_at as string,
  }));
}

export async function isSuppressed(email: string): Promise<boolean> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: env().TABLE_NAME, Key: { pk: keys.suppressed(email), sk: 'SUPPRESSED' } }),
  );
  return Boolean(Item);
}

export async function suppress(email: string, reason: string, now = new Date()): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: env().TABLE_NAME,
      Item: {
        pk: keys.suppressed(email),
        sk: 'SUPPRESSED',
        entity: 'suppression',
        reason,
        suppressed_at: now.toISOString(),
      },
    }),
  );
}

import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EmailSend } from '../../shared/api.ts';
import type { SendIdentity } from '../../shared/emailTypes.ts';
import { dedupeKeys, ENTITY, keys, TABLE_KEYS } from '../../shared/table.ts';
import { dynamo } from '../runtime/clients.ts';
import { forEachConcurrent } from '../runtime/concurrency.ts';
import {
  BATCH_GET_SIZE,
  dueIndexKey,
  getItem,
  getItems,
  ITEM_ABSENT,
  itemKey,
  queryAll,
  queryPage,
  tableName,
} from './db.ts';
import { parseClaimState, parseEmailSend } from './items.ts';
import { AccountGoneError, writeWhileAccountExists } from './liveAccount.ts';

/** The claim's answer when the recipient's account was deleted: nothing is written or sent. */
export const ACCOUNT_DELETED = 'account deleted';

/**
 * Exactly-once sending rests on one conditional write per mail, made before SES is called: the
 * claim. Its key is the mail's identity (reminder + renewal date + lead days, say), so a re-run, a
 * retry or a second concurrent run finds it taken. A claim can be taken again only when its send
 * failed (SES said no) or when it is older than the lease, which means the run that took it died
 * before it could call SES or record the result. A claim that holds an SES message id is never taken
 * again: SES accepted that mail, even if recording it as sent failed.
 */
export const CLAIM_LEASE_MS = 2 * 60 * 1000;

/** A mail SES refuses this many times is failed for good: no later run tries it again. */
export const MAX_SEND_ATTEMPTS = 3;

/**
 * When a send record may be (re)written by a new claim or a settlement: it does not exist, SES
 * refused it fewer than MAX_SEND_ATTEMPTS times, or its claim was abandoned (past the lease, and SES
 * never accepted it).
 */
export const OPEN_CONDITION =
  `${ITEM_ABSENT} OR (#status = :failed AND attempts < :maxAttempts) ` +
  'OR (#status = :pending AND claimed_at < :staleBefore AND attribute_not_exists(message_id))';
export const openConditionValues = (now: Date, leaseMs: number) => ({
  ':failed': 'failed',
  ':pending': 'pending',
  ':maxAttempts': MAX_SEND_ATTEMPTS,
  ':staleBefore': new Date(now.getTime() - leaseMs).toISOString(),
});

/**
 * Whether a send record ends its mail's life: accepted by SES (even if only its message id was
 * kept), superseded, missed, or refused MAX_SEND_ATTEMPTS times. A pending claim without a message
 * id is not settled: if its run died, the mail is planned again and claimed after the lease.
 */
export function isSettled(record: {
  status: string;
  attempts?: number;
  message_id?: string | null;
}): boolean {
  if (record.status === 'failed') return (record.attempts ?? 0) >= MAX_SEND_ATTEMPTS;
  if (record.status === 'pending') return Boolean(record.message_id);
  return true;
}

/** Re-exported for the stores and the engine, which make claims under it. */
export type { SendIdentity };

/** A claim this sender holds: only its holder may record the mail's result. */
export interface Claim {
  userId: string;
  token: string;
  dedupeKey: string;
}

export type ClaimResult = { claimed: true; claim: Claim } | { claimed: false; status: string };

export const sendKey = (userId: string, dedupeKey: string) =>
  itemKey(keys.user(userId), keys.send(dedupeKey));

/** Sends are listed newest first through the due index, one partition per UTC day. */
export const sendsByDay = (iso: string, id: string) =>
  dueIndexKey(keys.sendsByDay(iso.slice(0, 10)), keys.sendsByDayEntry(iso, id));

/**
 * A write of a mail's send record where a claim may be taken (OPEN_CONDITION), with what the record
 * shows of the mail and the caller's own status fields: `set` (SET clauses, each ending ', '),
 * `then` (a trailing ADD or REMOVE clause) and their values.
 */
function openRecordWrite(
  identity: SendIdentity,
  now: Date,
  leaseMs: number,
  own: { set: string; then: string; values: Record<string, unknown> },
) {
  const id = randomUUID();
  const iso = now.toISOString();
  const index = sendsByDay(iso, id);
  return {
    Key: sendKey(identity.userId, identity.dedupeKey),
    ConditionExpression: OPEN_CONDITION,
    UpdateExpression:
      `SET ${own.set}updated_at = :now, entity = :entity, ` +
      'id = if_not_exists(id, :id), created_at = if_not_exists(created_at, :now), ' +
      'user_id = :user, reminder_id = :reminder, email_type = :type, days_before = :days, to_email = :to, ' +
      `subject = :subject, simulated = :false, #gpk = :gpk, #gsk = :gsk ${own.then}`,
    ExpressionAttributeNames: {
      '#status': 'status',
      '#gpk': TABLE_KEYS.dueIndex.partitionKey,
      '#gsk': TABLE_KEYS.dueIndex.sortKey,
    },
    ExpressionAttributeValues: {
      ...openConditionValues(now, leaseMs),
      ':now': iso,
      ':entity': ENTITY.emailSend,
      ':id': id,
      ':user': identity.userId,
      ':reminder': identity.reminderId,
      ':type': identity.emailType,
      ':days': identity.daysBefore,
      ':to': identity.toEmail,
      ':subject': identity.subject,
      ':false': false,
      ':gpk': index[TABLE_KEYS.dueIndex.partitionKey],
      ':gsk': index[TABLE_KEYS.dueIndex.sortKey],
      ...own.values,
    },
  };
}

/**
 * The write that claims a mail's send record under `token` (only where a claim may be taken:
 * OPEN_CONDITION); `runId` names the run that sends it.
 */
export function claimUpdate(
  identity: SendIdentity,
  token: string,
  now: Date,
  leaseMs: number,
  runId?: string,
) {
  return openRecordWrite(identity, now, leaseMs, {
    set:
      '#status = :pending, claim_token = :token, claimed_at = :now, ' +
      (runId === undefined ? '' : 'run_id = :run, '),
    then: 'ADD attempts :one',
    values: { ':token': token, ':one': 1, ...(runId === undefined ? {} : { ':run': runId }) },
  });
}

export async function claimSend(
  identity: SendIdentity,
  now: Date,
  leaseMs = CLAIM_LEASE_MS,
): Promise<ClaimResult> {
  const token = randomUUID();
  try {
    // Only while the account exists: a claim racing a deletion would leave a record naming the user.
    await writeWhileAccountExists(identity.userId, [{ Update: claimUpdate(identity, token, now, leaseMs) }]);
    return { claimed: true, claim: { userId: identity.userId, token, dedupeKey: identity.dedupeKey } };
  } catch (error) {
    if (error instanceof AccountGoneError) return { claimed: false, status: ACCOUNT_DELETED };
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const state = parseClaimState(await getItem(keys.user(identity.userId), keys.send(identity.dedupeKey)));
    // A claim that kept only its SES message id (its 'sent' write failed) was accepted: it is sent.
    return { claimed: false, status: state.status === 'pending' && state.message_id ? 'sent' : state.status };
  }
}

/** The dedupe keys of one renewal's settled mails (`isSettled`): two queries in the owner's partition. */
export async function settledKeys(
  userId: string,
  reminderId: string,
  renewalDate: string,
): Promise<Set<string>> {
  const settled = new Set<string>();
  for (const prefix of dedupeKeys.renewalPrefixes(reminderId, renewalDate)) {
    const items = await queryAll({ pk: keys.user(userId), sk: { beginsWith: keys.send(prefix) } });
    for (const item of items) {
      if (isSettled(parseClaimState(item)))
        settled.add(String(item[TABLE_KEYS.sortKey]).slice(keys.sendPrefix.length));
    }
  }
  return settled;
}

/**
 * Which of these mails are settled (`isSettled`), per recipient: user id → dedupe keys. A shared
 * reminder's mails have the same dedupe keys for every member; each member's records are their own.
 * Reads the records by key, 100 per BatchGet, `concurrency` calls at once: for many reminders whose
 * possible mails are known (their schedules), a few hundred calls where settledKeys would make two
 * queries per reminder.
 */
export async function settledByUser(
  mails: readonly { userId: string; dedupeKey: string }[],
  concurrency: number,
): Promise<Map<string, Set<string>>> {
  const settled = new Map<string, Set<string>>();
  const batches: { pk: string; sk: string }[][] = [];
  for (let i = 0; i < mails.length; i += BATCH_GET_SIZE) {
    batches.push(
      mails
        .slice(i, i + BATCH_GET_SIZE)
        .map((m) => ({ pk: keys.user(m.userId), sk: keys.send(m.dedupeKey) })),
    );
  }
  await forEachConcurrent(batches, concurrency, async (batch) => {
    for (const item of await getItems(batch)) {
      if (!isSettled(parseClaimState(item))) continue;
      const userId = String(item[TABLE_KEYS.partitionKey]).slice(keys.user('').length);
      const ofUser = settled.get(userId) ?? new Set<string>();
      ofUser.add(String(item[TABLE_KEYS.sortKey]).slice(keys.sendPrefix.length));
      settled.set(userId, ofUser);
    }
  });
  return settled;
}

/** Which of one recipient's mails are settled, as their dedupe keys (settledByUser for one user). */
export async function settledAmong(
  mails: readonly { userId: string; dedupeKey: string }[],
  concurrency: number,
): Promise<Set<string>> {
  return new Set([...(await settledByUser(mails, concurrency)).values()].flatMap((keys) => [...keys]));
}

/**
 * Settles a mail without sending it (superseded, missed or skipped), with the reason. Written only where a
 * claim could be taken, so a mail in flight or sent is never overwritten; returns whether it was.
 */
export async function recordSettlement(
  identity: SendIdentity,
  status: 'superseded' | 'missed' | 'skipped',
  reason: string,
  now: Date,
): Promise<boolean> {
  try {
    // Only while the account exists, as every write into a user's partition.
    await writeWhileAccountExists(identity.userId, [
      {
        Update: openRecordWrite(identity, now, CLAIM_LEASE_MS, {
          set: '#status = :settled, error_message = :reason, ',
          then: 'REMOVE claim_token',
          values: { ':settled': status, ':reason': reason },
        }),
      },
    ]);
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException || error instanceof AccountGoneError) return false;
    throw error;
  }
}

/** Sets fields of a claimed send; only the holder of the claim may. */
export async function settleClaim(
  claim: Claim,
  fields: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const entries = Object.entries(fields);
  const { Attributes = {} } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: sendKey(claim.userId, claim.dedupeKey),
      ConditionExpression: 'claim_token = :token',
      UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#f${i}`, name])),
      ExpressionAttributeValues: {
        ':token': claim.token,
        ...Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value])),
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return Attributes;
}

/** Records the SES acceptance. */
export async function markSent(claim: Claim, messageId: string, now: Date): Promise<void> {
  const iso = now.toISOString();
  await settleClaim(claim, {
    status: 'sent',
    message_id: messageId,
    sent_at: iso,
    updated_at: iso,
    error_message: null,
  });
}

/**
 * SES accepted but the full record failed: keep just the message id on the pending claim, so no
 * later run takes it again.
 */
export async function noteMessageId(claim: Claim, messageId: string): Promise<void> {
  await settleClaim(claim, { message_id: messageId });
}

/**
 * Records an SES refusal, which releases the claim for a later run. Says whether that was the last
 * attempt (MAX_SEND_ATTEMPTS): the mail has then failed for good.
 */
export async function markFailed(claim: Claim, message: string, now: Date): Promise<{ forGood: boolean }> {
  const record = await settleClaim(claim, {
    status: 'failed',
    error_message: message.slice(0, 500),
    updated_at: now.toISOString(),
  });
  return { forGood: isSettled(parseClaimState(record)) };
}

/**
 * Which of these mails SES has already accepted (recorded `sent`, or a claim holding a message id),
 * as their dedupe keys: one BatchGet per 100 mails.
 */
export async function alreadySent(mails: { userId: string; dedupeKey: string }[]): Promise<Set<string>> {
  const items = await getItems(mails.map((m) => ({ pk: keys.user(m.userId), sk: keys.send(m.dedupeKey) })));
  return new Set(
    items
      .filter((item) => {
        const send = parseEmailSend(item);
        return send.status === 'sent' || send.message_id !== null;
      })
      .map((item) => String(item[TABLE_KEYS.sortKey]).slice(keys.sendPrefix.length)),
  );
}

/** The item of a send record with no claim semantics (a fresh id; `now` places it in the day's list). */
export function unclaimedSendItem(
  identity: Omit<SendIdentity, 'dedupeKey'>,
  fields: { status: EmailSend['status']; simulated: boolean; error_message?: string },
  now: Date,
): Record<string, unknown> {
  const id = randomUUID();
  const iso = now.toISOString();
  return {
    ...sendKey(identity.userId, dedupeKeys.unclaimed(id)),
    entity: ENTITY.emailSend,
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
    ...sendsByDay(iso, id),
  };
}

/** A send record with no claim semantics: simulations and records of mail not sent (disabled). */
export async function recordUnclaimedSend(
  identity: Omit<SendIdentity, 'dedupeKey'>,
  fields: { status: EmailSend['status']; simulated: boolean; error_message?: string },
  now: Date,
): Promise<void> {
  const item = unclaimedSendItem(identity, fields, now);
  try {
    await writeWhileAccountExists(identity.userId, [{ Put: { Item: item } }]);
  } catch (error) {
    // A record for an account deleted meanwhile would name the user: nothing to record.
    if (!(error instanceof AccountGoneError)) throw error;
  }
}

/** Newest sends first, walking back one UTC day per query until `limit` are found (≤ 31 days). */
export async function latestSends(limit: number, now = new Date()): Promise<EmailSend[]> {
  const found: EmailSend[] = [];
  for (let back = 0; back < 31 && found.length < limit; back++) {
    const day = new Date(now.getTime() - back * 86_400_000).toISOString().slice(0, 10);
    const items = await queryPage(
      { pk: keys.sendsByDay(day), index: 'due' },
      { newestFirst: true, limit: limit - found.length },
    );
    found.push(...items.map(parseEmailSend));
  }
  return found;
}

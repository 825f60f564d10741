/**
 * The claim of a day's message on a channel beside e-mail (a device's push, an alert channel's
 * message): one transaction that checks the owner's profile (it exists, and still takes that
 * channel) and takes the send records under their open condition, so a re-run, a redelivery or two
 * runs at once find them taken. Several records of one owner (their alert channels) are claimed in
 * the one transaction; when it is refused, each is claimed alone to learn which one was taken.
 * lambdas/store/push/pushSends.ts and channelSends.ts say what each takes.
 */
import { randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { keys, TTL_ATTRIBUTE } from '../../../shared/table.ts';
import { dynamo } from '../../runtime/clients.ts';
import { getItem, itemKey, tableName } from '../db.ts';
import { openConditionValues, sendKey, type Claim } from '../sends.ts';

/** A day's record outlives any redelivery and its day by far, then DynamoDB's TTL removes it. */
const DAY_SEND_KEPT_DAYS = 14;

export interface DaySends {
  userId: string;
  entity: string;
  /** What the profile must satisfy besides existing (a condition on its attributes, with its values). */
  profile: { condition: string; values: Record<string, unknown> };
  /** When a record may be claimed (the send's open condition: `#status`, `:failed`, `:pending`, …). */
  openCondition: string;
  /** The records, by dedupe key, each with its own attributes SET with the claim. */
  records: { dedupeKey: string; fields: Record<string, unknown> }[];
}

/** What became of one record: claimed, or not (the profile's check failed, or the record as it is now). */
export type DayClaim =
  | { claim: Claim }
  | { refused: 'profile'; profileExists: boolean }
  | { refused: 'record'; record: Record<string, unknown> | undefined };

function recordUpdate(
  sends: DaySends,
  record: DaySends['records'][number],
  token: string,
  now: Date,
  leaseMs: number,
) {
  const own = Object.entries(record.fields);
  return {
    Update: {
      TableName: tableName(),
      Key: sendKey(sends.userId, record.dedupeKey),
      ConditionExpression: sends.openCondition,
      UpdateExpression:
        'SET #status = :pending, claim_token = :token, claimed_at = :now, updated_at = :now, ' +
        'created_at = if_not_exists(created_at, :now), entity = :entity, user_id = :user, #ttl = :ttl' +
        own.map((_, i) => `, #f${i} = :f${i}`).join('') +
        ' ADD attempts :one',
      ExpressionAttributeNames: {
        '#status': 'status',
        '#ttl': TTL_ATTRIBUTE,
        ...Object.fromEntries(own.map(([name], i) => [`#f${i}`, name])),
      },
      ExpressionAttributeValues: {
        ...openConditionValues(now, leaseMs),
        ':token': token,
        ':now': now.toISOString(),
        ':entity': sends.entity,
        ':user': sends.userId,
        ':ttl': Math.floor(now.getTime() / 1000) + DAY_SEND_KEPT_DAYS * 86_400,
        ':one': 1,
        ...Object.fromEntries(own.map(([, value], i) => [`:f${i}`, value])),
      },
    },
  };
}

/** Claims the records (in their order); one transaction when all are open, else one each. */
export async function claimDaySends(sends: DaySends, now: Date, leaseMs: number): Promise<DayClaim[]> {
  if (sends.records.length === 0) return [];
  const token = randomUUID();
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: tableName(),
              Key: itemKey(keys.user(sends.userId), keys.profile()),
              ConditionExpression: `attribute_exists(pk) AND (${sends.profile.condition})`,
              ...(Object.keys(sends.profile.values).length
                ? { ExpressionAttributeValues: sends.profile.values }
                : {}),
            },
          },
          ...sends.records.map((record) => recordUpdate(sends, record, token, now, leaseMs)),
        ],
      }),
    );
    return sends.records.map(({ dedupeKey }) => ({ claim: { userId: sends.userId, token, dedupeKey } }));
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    if (sends.records.length > 1)
      return (
        await Promise.all(
          sends.records.map((record) => claimDaySends({ ...sends, records: [record] }, now, leaseMs)),
        )
      ).flat();
    const [profile, record] = error.CancellationReasons ?? [];
    if (profile?.Code === 'ConditionalCheckFailed')
      return [
        {
          refused: 'profile',
          profileExists: (await getItem(keys.user(sends.userId), keys.profile())) !== undefined,
        },
      ];
    if (record?.Code !== 'ConditionalCheckFailed') throw error;
    const [only] = sends.records;
    return [
      {
        refused: 'record',
        record: await getItem(keys.user(sends.userId), keys.send(only!.dedupeKey), { consistent: true }),
      },
    ];
  }
}

/**
 * The renewal inbox's items and address (shared/inbox/items.ts). The address's local part is derived
 * from the stage's key, the user's id and the address's generation, so it shows the same each time
 * without being stored; only its SHA-256 keys the lookup an inbound mail is matched by. 'Reset
 * address' moves the generation on and swaps the lookup in one transaction: the old address finds no
 * one from then on. An item is written once (its id taken on condition) together with the day's
 * count, so a mail delivered twice makes one item and a day never takes more than its limit.
 */
import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { inboxFieldsSchema } from '../../../shared/inbox/fields.ts';
import {
  INBOX_DAILY_LIMIT,
  INBOX_ITEM_DAYS,
  INBOX_SOURCES,
  INBOX_STATUSES,
  type InboxItem,
} from '../../../shared/inbox/items.ts';
import { ENTITY, keys, TTL_ATTRIBUTE } from '../../../shared/table.ts';
import { dynamo } from '../../runtime/clients.ts';
import { env } from '../../runtime/env.ts';
import { derivedToken } from '../../runtime/signingKey.ts';
import { getItem, ITEM_ABSENT, ITEM_EXISTS, itemKey, queryAll, tableName } from '../db.ts';
import { AccountGoneError } from '../liveAccount.ts';

/** Every inbox write is made only while the account lives: none lands in a deleted account's partition. */
const accountLives = (userId: string) => ({
  ConditionCheck: {
    TableName: tableName(),
    Key: itemKey(keys.user(userId), keys.profile()),
    ConditionExpression: ITEM_EXISTS,
  },
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** The local part of an address: 'r' and 24 hex characters (96 bits of an HMAC), lower case as mail is. */
export const INBOX_LOCAL_PART = /^r[0-9a-f]{24}$/;

const localPartHash = (localPart: string) => createHash('sha256').update(localPart).digest('hex');

async function localPartFor(userId: string, version: number): Promise<string> {
  const token = await derivedToken('inbox', `${userId}:${version}`);
  return `r${Buffer.from(token, 'base64url').toString('hex').slice(0, 24)}`;
}

const addressState = z.object({ version: z.number().int().min(1), hash: z.string() });

/** The domain inbox addresses are at; none where the stage receives no mail. */
export const inboxDomain = (): string | null => env().INBOX_DOMAIN ?? null;

/**
 * Makes generation `version` the live address: the state and the new lookup are written and the old
 * lookup removed at once, over the state as read (`readVersion`, 0 for none): two tabs cannot both win.
 */
async function issue(userId: string, version: number, read: { version: number; hash: string } | null) {
  const localPart = await localPartFor(userId, version);
  const hash = localPartHash(localPart);
  const table = tableName();
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: table,
            Item: {
              ...itemKey(keys.user(userId), keys.inboxAddressState()),
              entity: ENTITY.inboxAddress,
              version,
              hash,
            },
            ConditionExpression: read ? 'version = :read' : ITEM_ABSENT,
            ...(read ? { ExpressionAttributeValues: { ':read': read.version } } : {}),
          },
        },
        {
          Put: {
            TableName: table,
            Item: {
              ...itemKey(keys.inboxLookup(hash), keys.inboxLookupEntry()),
              entity: ENTITY.inboxLookup,
              user_id: userId,
            },
          },
        },
        ...(read && read.hash !== hash
          ? [
              {
                Delete: {
                  TableName: table,
                  Key: itemKey(keys.inboxLookup(read.hash), keys.inboxLookupEntry()),
                },
              },
            ]
          : []),
        accountLives(userId),
      ],
    }),
  );
  return localPart;
}

async function readState(userId: string) {
  const item = await getItem(keys.user(userId), keys.inboxAddressState(), { consistent: true });
  const parsed = addressState.safeParse(item);
  return parsed.success ? parsed.data : null;
}

/**
 * Retries once on a lost race (another tab made or reset the address meanwhile): then reads theirs.
 * A write refused because the account is gone is the account's end (410), never a retry.
 */
async function settled<T>(userId: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof TransactionCanceledException || error instanceof ConditionalCheckFailedException))
      throw error;
    if (!(await getItem(keys.user(userId), keys.profile(), { consistent: true })))
      throw new AccountGoneError();
    return work();
  }
}

/** The user's inbox address, made on first use; null where the stage receives no mail. */
export async function inboxAddress(userId: string): Promise<string | null> {
  const domain = inboxDomain();
  if (!domain) return null;
  const localPart = await settled(userId, async () => {
    const state = await readState(userId);
    if (!state) return issue(userId, 1, null);
    const current = await localPartFor(userId, state.version);
    // After a rotation of the stage's key the derived part changes: the lookup follows it.
    return localPartHash(current) === state.hash ? current : issue(userId, state.version, state);
  });
  return `${localPart}@${domain}`;
}

/** 'Reset address': the next generation; the old address finds no one from now on. */
export async function resetInboxAddress(userId: string): Promise<string | null> {
  const domain = inboxDomain();
  if (!domain) return null;
  const localPart = await settled(userId, async () => {
    const state = await readState(userId);
    return issue(userId, (state?.version ?? 0) + 1, state);
  });
  return `${localPart}@${domain}`;
}

/**
 * Whose inbox `address` is: the user id, or undefined for an address that is not live (reset,
 * made up, malformed, another domain, or of a deleted account).
 */
export async function inboxOwner(address: string): Promise<string | undefined> {
  const domain = inboxDomain();
  const at = address.lastIndexOf('@');
  if (!domain || at < 0 || address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return undefined;
  const localPart = address.slice(0, at).toLowerCase();
  if (!INBOX_LOCAL_PART.test(localPart)) return undefined;
  const hash = localPartHash(localPart);
  const lookup = await getItem(keys.inboxLookup(hash), keys.inboxLookupEntry());
  if (typeof lookup?.user_id !== 'string') return undefined;
  // The state must still name this address: a reset or an account deletion ends it.
  return (await readState(lookup.user_id))?.hash === hash ? lookup.user_id : undefined;
}

/** Account deletion: the address's lookup lives outside the user's partition. */
export async function deleteInboxLookup(userId: string): Promise<void> {
  const state = await readState(userId);
  if (!state) return;
  await dynamo().send(
    new DeleteCommand({
      TableName: tableName(),
      Key: itemKey(keys.inboxLookup(state.hash), keys.inboxLookupEntry()),
    }),
  );
}

const storedItem = z.object({
  id: z.string(),
  status: z.enum(INBOX_STATUSES),
  received_at: z.string(),
  source: z.enum(INBOX_SOURCES),
  subject: z.string().nullable(),
  fields: inboxFieldsSchema,
  match: z.string().nullable(),
  message: z.string().nullable(),
});

/** The user's items, newest first; one past its days (TTL is not immediate) or unreadable is left out. */
export async function listInboxItems(userId: string, now = new Date()): Promise<InboxItem[]> {
  const items = await queryAll({ pk: keys.user(userId), sk: { beginsWith: keys.inboxItemPrefix } });
  const oldest = new Date(now.getTime() - INBOX_ITEM_DAYS * DAY_MS).toISOString();
  return items
    .map((item) => storedItem.safeParse(item))
    .flatMap((parsed) => (parsed.success && parsed.data.received_at >= oldest ? [parsed.data] : []))
    .sort((a, b) => b.received_at.localeCompare(a.received_at));
}

export async function getInboxItem(userId: string, id: string): Promise<InboxItem | undefined> {
  const parsed = storedItem.safeParse(
    await getItem(keys.user(userId), keys.inboxItem(id), { consistent: true }),
  );
  return parsed.success ? parsed.data : undefined;
}

/** Removes the item; false when the user has no such item. */
export async function removeInboxItem(userId: string, id: string): Promise<boolean> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: itemKey(keys.user(userId), keys.inboxItem(id)),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export type StoreOutcome = 'stored' | 'duplicate' | 'limited' | 'gone';

/**
 * Writes a new item with the day's count, at once: 'duplicate' when the id is taken (the same mail
 * again), 'limited' when the day (London's date of `now`) has its INBOX_DAILY_LIMIT items already,
 * 'gone' when the account was deleted meanwhile.
 */
export async function storeInboxItem(
  userId: string,
  item: InboxItem,
  day: string,
  now = new Date(),
): Promise<StoreOutcome> {
  const expires = Math.floor(now.getTime() / 1000) + INBOX_ITEM_DAYS * 24 * 60 * 60;
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...itemKey(keys.user(userId), keys.inboxItem(item.id)),
                entity: ENTITY.inboxItem,
                ...item,
                [TTL_ATTRIBUTE]: expires,
              },
              ConditionExpression: ITEM_ABSENT,
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: itemKey(keys.user(userId), keys.inboxDay(day)),
              ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
              UpdateExpression: `ADD #count :one SET entity = :entity, ${TTL_ATTRIBUTE} = :expires`,
              ExpressionAttributeNames: { '#count': 'count' },
              ExpressionAttributeValues: {
                ':limit': INBOX_DAILY_LIMIT,
                ':one': 1,
                ':entity': ENTITY.inboxDay,
                ':expires': Math.floor(now.getTime() / 1000) + 2 * 24 * 60 * 60,
              },
            },
          },
          accountLives(userId),
        ],
      }),
    );
    return 'stored';
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const [taken, full, gone] = (error.CancellationReasons ?? []).map(
      (r) => r.Code === 'ConditionalCheckFailed',
    );
    if (gone) return 'gone';
    if (taken) return 'duplicate';
    if (full) return 'limited';
    throw error;
  }
}

/**
 * The stores' access to the one table: item keys, key conditions and reads, written once. A query
 * names its partition and, optionally, a sort-key prefix or a lower bound; the expression and the
 * attribute names come from shared/table.ts.
 */
import {
  BatchGetCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS } from '../../shared/table.ts';
import { dynamo } from '../runtime/clients.ts';
import { env } from '../runtime/env.ts';
import { untilDone } from '../runtime/retry.ts';

export const tableName = () => env().TABLE_NAME;

/** The primary key of an item. */
export const itemKey = (pk: string, sk: string) => ({
  [TABLE_KEYS.partitionKey]: pk,
  [TABLE_KEYS.sortKey]: sk,
});

/** The due-index (gsi1) keys of an item. */
export const dueIndexKey = (pk: string, sk: string) => ({
  [TABLE_KEYS.dueIndex.partitionKey]: pk,
  [TABLE_KEYS.dueIndex.sortKey]: sk,
});

/** Conditions on a put or update: the item is new, or the item is there. */
export const ITEM_ABSENT = `attribute_not_exists(${TABLE_KEYS.partitionKey})`;
export const ITEM_EXISTS = `attribute_exists(${TABLE_KEYS.partitionKey})`;

/** Which items of one partition a query reads. */
export interface KeyCondition {
  pk: string;
  /** Query the due index (gsi1) rather than the table. */
  index?: 'due';
  /** All sort keys when absent; those that begin with a prefix; those from a value on; up to a value. */
  sk?: { beginsWith: string } | { from: string } | { upTo: string };
}

export function keyCondition(condition: KeyCondition) {
  const names = condition.index === 'due' ? TABLE_KEYS.dueIndex : TABLE_KEYS;
  const sk = condition.sk;
  let skExpression = '';
  let skValue: string | undefined;
  if (sk && 'beginsWith' in sk) [skExpression, skValue] = [' AND begins_with(#sk, :sk)', sk.beginsWith];
  else if (sk && 'from' in sk) [skExpression, skValue] = [' AND #sk >= :sk', sk.from];
  else if (sk) [skExpression, skValue] = [' AND #sk <= :sk', sk.upTo];
  return {
    TableName: tableName(),
    ...(condition.index === 'due' ? { IndexName: TABLE_KEYS.dueIndex.name } : {}),
    KeyConditionExpression: `#pk = :pk${skExpression}`,
    ExpressionAttributeNames: { '#pk': names.partitionKey, ...(sk ? { '#sk': names.sortKey } : {}) },
    ExpressionAttributeValues: {
      ':pk': condition.pk,
      ...(skValue !== undefined ? { ':sk': skValue } : {}),
    },
  } satisfies QueryCommandInput;
}

export interface PageOptions {
  /** Sort keys descending: with time-ordered sort keys, the latest first. */
  newestFirst?: boolean;
  limit?: number;
  /** A filter on non-key attributes, with its own placeholder values. */
  filter?: { expression: string; values: Record<string, unknown> };
}

/** One page of a query (at most `limit` items, before any filter). */
export async function queryPage(
  condition: KeyCondition,
  options: PageOptions = {},
): Promise<Record<string, unknown>[]> {
  const input = keyCondition(condition);
  const page = await dynamo().send(
    new QueryCommand({
      ...input,
      ExpressionAttributeValues: { ...input.ExpressionAttributeValues, ...options.filter?.values },
      ...(options.filter ? { FilterExpression: options.filter.expression } : {}),
      ...(options.newestFirst ? { ScanIndexForward: false } : {}),
      ...(options.limit !== undefined ? { Limit: options.limit } : {}),
    }),
  );
  return page.Items ?? [];
}

/**
 * Every item a query matches, following LastEvaluatedKey across pages. `consistent` reads every
 * write acknowledged before the query (account deletion must not miss one).
 */
export async function queryAll(
  condition: KeyCondition,
  options: { consistent?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        ...keyCondition(condition),
        ExclusiveStartKey: startKey,
        ...(options.consistent ? { ConsistentRead: true } : {}),
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

export async function getItem(
  pk: string,
  sk: string,
  options: { consistent?: boolean } = {},
): Promise<Record<string, unknown> | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: itemKey(pk, sk),
      ...(options.consistent ? { ConsistentRead: true } : {}),
    }),
  );
  return Item;
}

/** Puts a whole item (keys included); `condition` (ITEM_ABSENT, ITEM_EXISTS) makes it conditional. */
export async function putItem(item: Record<string, unknown>, condition?: string): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: item,
      ...(condition ? { ConditionExpression: condition } : {}),
    }),
  );
}

/** BatchGetItem's limit per call. */
export const BATCH_GET_SIZE = 100;

/**
 * Many items by key (BatchGet, 100 keys per call, unprocessed keys retried); missing ones are left
 * out. `consistent` reads every write acknowledged before the call.
 */
export async function getItems(
  keys: { pk: string; sk: string }[],
  options: { consistent?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  const table = tableName();
  const found: Record<string, unknown>[] = [];
  for (let i = 0; i < keys.length; i += BATCH_GET_SIZE) {
    await untilDone<Record<string, unknown>>(
      keys.slice(i, i + BATCH_GET_SIZE).map((key) => itemKey(key.pk, key.sk)),
      async (requestKeys) => {
        const result = await dynamo().send(
          new BatchGetCommand({
            RequestItems: {
              [table]: { Keys: requestKeys, ...(options.consistent ? { ConsistentRead: true } : {}) },
            },
          }),
        );
        found.push(...(result.Responses?.[table] ?? []));
        return result.UnprocessedKeys?.[table]?.Keys ?? [];
      },
    );
  }
  return found;
}

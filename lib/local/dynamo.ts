import fs from 'node:fs';
import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import dynalite from 'dynalite';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import { TABLE_KEYS } from '../../shared/table.ts';

export interface LocalDynamo {
  endpoint: string;
  server: Server;
  stop(): Promise<void>;
}

const listen = (server: Server, port: number) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/**
 * dynalite in-process on 127.0.0.1, data kept in `dir` (LevelDB) so a restart keeps everything,
 * behind a small front that adds what dynalite lacks: TransactWriteItems (see transactions below).
 */
export async function startLocalDynamo(dir: string, port: number, tableName: string): Promise<LocalDynamo> {
  fs.mkdirSync(dir, { recursive: true });
  const inner: Server = dynalite({ path: dir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const innerUrl = `http://127.0.0.1:${await listen(inner, 0)}`;
  const server = http.createServer(transactingFront(innerUrl));
  const endpoint = `http://127.0.0.1:${await listen(server, port)}`;
  await ensureTable(endpoint, tableName);
  return {
    endpoint,
    server,
    stop: async () => {
      server.closeAllConnections();
      await close(server);
      await close(inner);
    },
  };
}

const TARGET_PREFIX = 'DynamoDB_20120810.';
const WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems']);
/** A no-op update: removing an attribute no item has, so a condition can be evaluated on its own. */
const NO_OP = '__transaction_no_op';

type Json = Record<string, unknown>;
interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * The front: every write is serialized through one queue, so a TransactWriteItems (checked, then
 * applied, item by item) is atomic with respect to every other write, as DynamoDB's is. Reads pass
 * straight through. Each condition is evaluated by dynalite itself (a conditional no-op update on
 * an existing item, a conditional delete of a missing one), so the expression language is dynalite's.
 */
function transactingFront(innerUrl: string) {
  let queue: Promise<unknown> = Promise.resolve();
  const serialized = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };

  const forward = async (headers: Record<string, string>, target: string, body: string): Promise<Answer> => {
    const response = await fetch(innerUrl, {
      method: 'POST',
      headers: { ...headers, 'x-amz-target': `${TARGET_PREFIX}${target}` },
      body,
    });
    const out: Record<string, string> = {};
    for (const name of ['content-type', 'x-amz-crc32', 'x-amzn-requestid']) {
      const value = response.headers.get(name);
      if (value) out[name] = value;
    }
    return { status: response.status, headers: out, body: await response.text() };
  };

  async function transact(headers: Record<string, string>, request: Json): Promise<Answer> {
    const items = (request.TransactItems ?? []) as Json[];
    const call = async (target: string, input: Json) => {
      const answer = await forward(headers, target, JSON.stringify(input));
      return { answer, json: JSON.parse(answer.body || '{}') as Json };
    };
    const keyOfEntry = async (entry: Json) => {
      const [kind, op] = Object.entries(entry)[0] as [string, Json];
      return kind === 'Put'
        ? keyOf(op.Item as Json, await keySchema(call, String(op.TableName)))
        : (op.Key as Json);
    };
    // DynamoDB's own limits on a transaction, which our code relies on.
    const keys = await Promise.all(items.map(keyOfEntry));
    const distinct = new Set(
      keys.map(
        (key, i) => `${String((Object.values(items[i]!)[0] as Json).TableName)}|${JSON.stringify(key)}`,
      ),
    );
    if (items.length > MAX_TRANSACTION_ITEMS || distinct.size !== items.length) {
      return validationError(
        items.length > MAX_TRANSACTION_ITEMS
          ? `Member must have length less than or equal to ${MAX_TRANSACTION_ITEMS}`
          : 'Transaction request cannot include multiple operations on one item',
      );
    }
    // Which of the conditioned items exist: one BatchGetItem per table.
    const conditioned = items.flatMap((entry, i) => {
      const op = Object.values(entry)[0] as Json;
      return op.ConditionExpression ? [{ table: String(op.TableName), key: keys[i]! }] : [];
    });
    const present = new Map<string, Json>();
    const named = async (table: string, key: Json) =>
      `${table}|${JSON.stringify(keyOf(key, await keySchema(call, table)))}`;
    for (const table of new Set(conditioned.map((c) => c.table))) {
      const wanted = conditioned.filter((c) => c.table === table).map((c) => c.key);
      const { answer, json } = await call('BatchGetItem', { RequestItems: { [table]: { Keys: wanted } } });
      if (answer.status !== 200) return answer;
      const found = ((json.Responses as Json | undefined)?.[table] ?? []) as Json[];
      // dynalite answers every key at once; a key it left unprocessed is read on its own.
      const left = (((json.UnprocessedKeys as Json | undefined)?.[table] as Json | undefined)?.Keys ??
        []) as Json[];
      for (const key of left) {
        const one = await call('GetItem', { TableName: table, Key: key });
        if (one.json.Item) found.push(one.json.Item as Json);
      }
      for (const item of found) present.set(await named(table, item), item);
    }
    // The items are distinct, and every other write waits in the queue: their checks, then their
    // writes, can each go to dynalite at once.
    const checks = await Promise.all(items.map((entry, i) => checkOne(entry, keys[i]!)));
    const failed = checks.find((check): check is Answer => 'status' in check);
    if (failed) return failed;
    const reasons = checks as { Code: string; Message?: string }[];
    async function checkOne(entry: Json, key: Json): Promise<Answer | { Code: string; Message?: string }> {
      const op = Object.values(entry)[0] as Json;
      if (!op.ConditionExpression) return { Code: 'None' };
      const condition = {
        TableName: op.TableName,
        Key: key,
        ConditionExpression: op.ConditionExpression,
        ...placeholdersOf(String(op.ConditionExpression), op),
      };
      const table = String(op.TableName);
      const current = present.get(await named(table, key));
      // Simple conditions (existence, equality, joined by AND) are decided from the read alone;
      // anything else goes to dynalite, whose expression language is DynamoDB's.
      const decided = simpleCondition(String(op.ConditionExpression), op, current);
      if (decided !== undefined)
        return decided
          ? { Code: 'None' }
          : { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' };
      const checked = current
        ? await call('UpdateItem', {
            ...condition,
            UpdateExpression: 'REMOVE #transactionNoOp',
            ExpressionAttributeNames: {
              ...((condition as Json).ExpressionAttributeNames ?? {}),
              '#transactionNoOp': NO_OP,
            },
          })
        : await call('DeleteItem', condition);
      if (checked.answer.status === 200) return { Code: 'None' };
      if (String(checked.json.__type).endsWith('ConditionalCheckFailedException'))
        return { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' };
      return checked.answer;
    }
    if (reasons.some((r) => r.Code !== 'None')) {
      return {
        status: 400,
        headers: { 'content-type': 'application/x-amz-json-1.0' },
        body: JSON.stringify({
          __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
          message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((r) => r.Code).join(', ')}]`,
          CancellationReasons: reasons,
        }),
      };
    }
    const applied = await Promise.all(
      items.map(async (entry) => {
        const [kind, op] = Object.entries(entry)[0] as [string, Json];
        if (kind === 'ConditionCheck') return undefined;
        const {
          ConditionExpression: _checked,
          ExpressionAttributeNames: _names,
          ExpressionAttributeValues: _values,
          ...rest
        } = op;
        // The condition was checked above; placeholders only it used would be refused as unused.
        const input: Json = { ...rest, ...placeholdersOf(String(op.UpdateExpression ?? ''), op) };
        const target = kind === 'Put' ? 'PutItem' : kind === 'Update' ? 'UpdateItem' : 'DeleteItem';
        const { answer } = await call(target, input);
        return answer.status === 200 ? undefined : answer;
      }),
    );
    const refused = applied.find((answer) => answer !== undefined);
    if (refused) return refused;
    return { status: 200, headers: { 'content-type': 'application/x-amz-json-1.0' }, body: '{}' };
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const target = String(req.headers['x-amz-target'] ?? '').replace(TARGET_PREFIX, '');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string' && !['host', 'content-length', 'connection'].includes(name))
        headers[name] = value;
    }
    try {
      const answer = !WRITES.has(target)
        ? await forward(headers, target, body)
        : await serialized(() =>
            target === 'TransactWriteItems'
              ? transact(headers, JSON.parse(body || '{}') as Json)
              : forward(headers, target, body),
          );
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
    } catch (error) {
      res.writeHead(500, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(JSON.stringify({ __type: 'InternalServerError', message: String(error) }));
    }
  };
}

/**
 * A condition made only of `attribute_exists(a)`, `attribute_not_exists(a)` and `a = :v` terms
 * joined by AND, evaluated on `item` (undefined: no item); undefined for any other condition.
 */
export function simpleCondition(expression: string, op: Json, item: Json | undefined): boolean | undefined {
  const names = (op.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const values = (op.ExpressionAttributeValues ?? {}) as Json;
  const attribute = (token: string) => (token.startsWith('#') ? names[token] : token);
  const terms = expression.trim().split(/\s+AND\s+/);
  let holds = true;
  for (const term of terms) {
    const existence = /^attribute_(not_)?exists\(\s*([#\w]+)\s*\)$/.exec(term.trim());
    const equality = /^([#\w]+)\s*=\s*(:\w+)$/.exec(term.trim());
    if (existence) {
      const name = attribute(existence[2]!);
      if (name === undefined) return undefined;
      const present = item !== undefined && item[name] !== undefined;
      holds &&= existence[1] ? !present : present;
    } else if (equality) {
      const name = attribute(equality[1]!);
      const value = values[equality[2]!];
      if (name === undefined || value === undefined) return undefined;
      holds &&= item !== undefined && JSON.stringify(item[name]) === JSON.stringify(value);
    } else {
      return undefined;
    }
  }
  return holds;
}

/** DynamoDB's limit of items in one TransactWriteItems. */
const MAX_TRANSACTION_ITEMS = 100;

function validationError(message: string): Answer {
  return {
    status: 400,
    headers: { 'content-type': 'application/x-amz-json-1.0' },
    body: JSON.stringify({ __type: 'com.amazon.coral.validate#ValidationException', message }),
  };
}

/** The operation's placeholders that `expression` uses (DynamoDB refuses unused ones). */
function placeholdersOf(expression: string, op: Json): Json {
  const used = (name: string) => new RegExp(`${name}(?![A-Za-z0-9_])`).test(expression);
  const pick = (all: unknown) =>
    Object.fromEntries(Object.entries((all ?? {}) as Json).filter(([name]) => used(name)));
  const names = pick(op.ExpressionAttributeNames);
  const values = pick(op.ExpressionAttributeValues);
  return {
    ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
    ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
  };
}

/** The key attributes of a put's item, by the table's key schema (read once per table). */
const schemas = new Map<string, string[]>();
async function keySchema(
  call: (target: string, input: Json) => Promise<{ json: Json }>,
  tableName: string,
): Promise<string[]> {
  let names = schemas.get(tableName);
  if (!names) {
    const { json } = await call('DescribeTable', { TableName: tableName });
    const table = json.Table as { KeySchema: { AttributeName: string }[] };
    names = table.KeySchema.map((k) => k.AttributeName);
    schemas.set(tableName, names);
  }
  return names;
}
const keyOf = (item: Json, names: string[]) => Object.fromEntries(names.map((n) => [n, item[n]]));

/** The same key schema and index the CDK data construct declares, both read from shared/table.ts. */
async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({
    endpoint,
    region: 'eu-west-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const { partitionKey, sortKey, dueIndex } = TABLE_KEYS;
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [partitionKey, sortKey, dueIndex.partitionKey, dueIndex.sortKey].map((name) => ({
        AttributeName: name,
        AttributeType: 'S',
      })),
      KeySchema: [
        { AttributeName: partitionKey, KeyType: 'HASH' },
        { AttributeName: sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: dueIndex.name,
          KeySchema: [
            { AttributeName: dueIndex.partitionKey, KeyType: 'HASH' },
            { AttributeName: dueIndex.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    }),
  );
  client.destroy();
}

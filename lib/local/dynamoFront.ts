/**
 * The DynamoDB stand-in's server: dynalite (data kept in LevelDB, so a restart keeps everything)
 * behind a small front that adds what dynalite lacks: TransactWriteItems. It runs in a thread of its
 * own (lib/local/dynamoThread.ts), as DynamoDB is a service apart from the functions that call it.
 */
import fs from 'node:fs';
import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import dynalite from 'dynalite';
import { keyLock, simpleCondition } from './dynamoRules.ts';
import { guardHost } from './ownHost.ts';

const listen = (server: Server, port: number) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

export interface DynamoServer {
  endpoint: string;
  stop(): Promise<void>;
}

type Callback = (error: unknown, table?: unknown) => void;
interface DynaliteStore {
  getTable(name: string, checkStatus: boolean | Callback, callback?: Callback): void;
}

/**
 * dynalite reads a table's description from LevelDB on every request, a third of its reads. An
 * active table's description is kept in memory instead (a copy per request, as a read gives), and
 * forgotten when a request might change it (`forgetTables`).
 */
const tableCaches = new Set<Map<string, string>>();
const forgetTables = () => tableCaches.forEach((tables) => tables.clear());
const dynaliteDb = createRequire(import.meta.url)('dynalite/db/index.js') as {
  create: (options: unknown) => DynaliteStore;
};
const createStore = dynaliteDb.create;
dynaliteDb.create = (options) => {
  const store = createStore(options);
  const tables = new Map<string, string>();
  tableCaches.add(tables);
  const read = store.getTable.bind(store);
  store.getTable = (name, checkStatus, callback) => {
    const done = (typeof checkStatus === 'function' ? checkStatus : callback)!;
    const kept = tables.get(name);
    if (kept) return process.nextTick(done, null, JSON.parse(kept));
    read(name, typeof checkStatus === 'function' ? false : checkStatus, (error, table) => {
      if (!error && (table as { TableStatus?: string }).TableStatus === 'ACTIVE')
        tables.set(name, JSON.stringify(table));
      done(error, table);
    });
  };
  return store;
};
const TABLE_CHANGES = new Set(['CreateTable', 'UpdateTable', 'DeleteTable', 'TagResource', 'UntagResource']);

/** dynalite and its front on 127.0.0.1; `onRequest` hears of each request the front answers. */
export async function serveDynamo(dir: string, port: number, onRequest: () => void): Promise<DynamoServer> {
  fs.mkdirSync(dir, { recursive: true });
  const inner: Server = dynalite({ path: dir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const innerUrl = `http://127.0.0.1:${await listen(inner, 0)}`;
  // Both answer their own Host only, as every local server does (ownHost.ts): the front calls
  // dynalite as 127.0.0.1 on its port.
  guardHost(inner);
  // node:http with kept-alive sockets: the hop to dynalite costs a fraction of what fetch's does.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http.createServer(transactingFront(innerUrl, agent));
  server.on('request', onRequest);
  const endpoint = `http://127.0.0.1:${await listen(server, port)}`;
  guardHost(server);
  return {
    endpoint,
    stop: async () => {
      server.closeAllConnections();
      await close(server);
      agent.destroy();
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

type Forward = (headers: Record<string, string>, target: string, body: string) => Promise<Answer>;

/**
 * The front: writes lock the items they touch (keyLock), so a TransactWriteItems (checked, then
 * applied, item by item) is atomic with respect to every other write on its items, as DynamoDB's
 * is, while writes on other items go on. Reads pass straight through.
 */
function transactingFront(innerUrl: string, agent: http.Agent) {
  const locks = keyLock();
  const forward = forwarder(innerUrl, agent);

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
      if (TABLE_CHANGES.has(target)) forgetTables();
      // A write's body is read once: for the items it locks, and a transaction's for its steps.
      const request = WRITES.has(target) ? parsed(body) : undefined;
      const answer = !WRITES.has(target)
        ? await forward(headers, target, body)
        : target === 'TransactWriteItems'
          ? request
            ? await locks(await writeKeys(forward, headers, target, request), () =>
                transact(forward, headers, request),
              )
            : serializationError()
          : await locks(request ? await writeKeys(forward, headers, target, request) : [], () =>
              forward(headers, target, body),
            );
      if (TABLE_CHANGES.has(target)) forgetTables();
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
    } catch (error) {
      res.writeHead(500, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(JSON.stringify({ __type: 'InternalServerError', message: String(error) }));
    }
  };
}

/** Passes a request on to dynalite. */
const forwarder =
  (innerUrl: string, agent: http.Agent): Forward =>
  (headers, target, body) =>
    new Promise((resolve, reject) => {
      const request = http.request(
        innerUrl,
        {
          method: 'POST',
          agent,
          headers: {
            ...headers,
            'x-amz-target': `${TARGET_PREFIX}${target}`,
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const out: Record<string, string> = {};
            for (const name of ['content-type', 'x-amz-crc32', 'x-amzn-requestid']) {
              const value = response.headers[name];
              if (typeof value === 'string') out[name] = value;
            }
            resolve({
              status: response.statusCode ?? 500,
              headers: out,
              body: Buffer.concat(chunks).toString('utf8'),
            });
          });
        },
      );
      request.on('error', reject);
      request.end(body);
    });

/** The items a write touches, named by table and key; none for a request too malformed to say. */
async function writeKeys(
  forward: Forward,
  headers: Record<string, string>,
  target: string,
  request: Json,
): Promise<string[]> {
  const call = async (name: string, input: Json) => ({
    json: JSON.parse((await forward(headers, name, JSON.stringify(input))).body || '{}') as Json,
  });
  const named = async (table: string, item: Json) =>
    `${table}|${JSON.stringify(keyOf(item, await keySchema(call, table)))}`;
  try {
    if (target === 'TransactWriteItems') {
      return await Promise.all(
        ((request.TransactItems ?? []) as Json[]).map(async (entry) =>
          named(String((Object.values(entry)[0] as Json).TableName), await keyOfEntry(call, entry)),
        ),
      );
    }
    if (target === 'BatchWriteItem') {
      const writes = Object.entries((request.RequestItems ?? {}) as Record<string, Json[]>);
      return await Promise.all(
        writes.flatMap(([table, requests]) =>
          requests.map((one) => {
            const put = one.PutRequest as Json | undefined;
            return named(table, (put?.Item ?? (one.DeleteRequest as Json).Key) as Json);
          }),
        ),
      );
    }
    return [await named(String(request.TableName), (request.Item ?? request.Key) as Json)];
  } catch {
    return [];
  }
}

async function transact(forward: Forward, headers: Record<string, string>, request: Json): Promise<Answer> {
  const items = (request.TransactItems ?? []) as Json[];
  const call = async (target: string, input: Json) => {
    const answer = await forward(headers, target, JSON.stringify(input));
    return { answer, json: JSON.parse(answer.body || '{}') as Json };
  };
  // DynamoDB's own limits on a transaction, which our code relies on.
  const keys = await Promise.all(items.map((entry) => keyOfEntry(call, entry)));
  const distinct = new Set(
    keys.map((key, i) => `${String((Object.values(items[i]!)[0] as Json).TableName)}|${JSON.stringify(key)}`),
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

/** DynamoDB's limit of items in one TransactWriteItems. */
const MAX_TRANSACTION_ITEMS = 100;

/** A body that is JSON, as an object; undefined for anything else. */
function parsed(body: string): Json | undefined {
  try {
    const value: unknown = JSON.parse(body || '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
}

/** What DynamoDB answers a body it cannot read. */
function serializationError(): Answer {
  return {
    status: 400,
    headers: { 'content-type': 'application/x-amz-json-1.0' },
    body: JSON.stringify({ __type: 'com.amazon.coral.service#SerializationException' }),
  };
}

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

/** The key of one of a transaction's items. */
async function keyOfEntry(call: (target: string, input: Json) => Promise<{ json: Json }>, entry: Json) {
  const [kind, op] = Object.entries(entry)[0] as [string, Json];
  const names = await keySchema(call, String(op.TableName));
  return keyOf((kind === 'Put' ? op.Item : op.Key) as Json, names);
}

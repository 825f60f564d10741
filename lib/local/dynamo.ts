import { Worker } from 'node:worker_threads';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import { TABLE_KEYS } from '../../shared/table.ts';
import { tsWorkerBoot } from './threads.ts';

export interface LocalDynamo {
  endpoint: string;
  /** Requests the stand-in has answered since it started (benchmarks). */
  requests(): number;
  stop(): Promise<void>;
}

/** What the stand-in's thread says once it listens, or why it could not. */
export type DynamoThreadMessage = { endpoint: string } | { error: string };

/**
 * The DynamoDB stand-in (lib/local/dynamoFront.ts) in a worker thread of its own, so its work
 * (LevelDB, conditions, transactions) uses another core than the handlers that call it, as
 * DynamoDB's does on AWS. Its table is created as the CDK data construct declares it.
 */
export async function startLocalDynamo(dir: string, port: number, tableName: string): Promise<LocalDynamo> {
  const counter = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(tsWorkerBoot(new URL('./dynamoThread.ts', import.meta.url)), {
    eval: true,
    workerData: { dir, port, counter },
  });
  const endpoint = await new Promise<string>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The DynamoDB stand-in stopped (exit ${code})`)));
    worker.once('message', (message: DynamoThreadMessage) =>
      'endpoint' in message ? resolve(message.endpoint) : reject(new Error(message.error)),
    );
  });
  worker.removeAllListeners('exit');
  await ensureTable(endpoint, tableName);
  return {
    endpoint,
    requests: () => Atomics.load(counter, 0),
    stop: async () => {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage('stop');
      await exited;
    },
  };
}

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

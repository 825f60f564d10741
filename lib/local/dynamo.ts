import fs from 'node:fs';
import type { Server } from 'node:http';
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

/** dynalite in-process on 127.0.0.1, data kept in `dir` (LevelDB) so a restart keeps everything. */
export async function startLocalDynamo(dir: string, port: number, tableName: string): Promise<LocalDynamo> {
  fs.mkdirSync(dir, { recursive: true });
  const server: Server = dynalite({ path: dir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await ensureTable(endpoint, tableName);
  return { endpoint, server, stop: () => new Promise((resolve) => server.close(() => resolve())) };
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

import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../shared/table.ts';
import { dynamo } from '../lib/clients.ts';
import { env } from '../lib/env.ts';

/**
 * Global counters, kept current on every write so statistics never need a scan. Counter names are
 * plain attribute names (users, reminders, category_mortgage, ...). ADD is atomic.
 */
export async function adjustCounters(deltas: Record<string, number>): Promise<Record<string, number>> {
  const entries = Object.entries(deltas).filter(([, delta]) => delta !== 0);
  if (entries.length === 0) return {};
  const names: Record<string, string> = {};
  const values: Record<string, number> = {};
  const parts = entries.map(([name, delta], i) => {
    names[`#c${i}`] = name;
    values[`:d${i}`] = delta;
    return `#c${i} :d${i}`;
  });
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: env().TABLE_NAME,
      Key: { pk: keys.stats(), sk: keys.statsGlobal() },
      UpdateExpression: `ADD ${parts.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return (Attributes ?? {}) as Record<string, number>;
}

export async function readCounters(): Promise<Record<string, number>> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: env().TABLE_NAME, Key: { pk: keys.stats(), sk: keys.statsGlobal() } }),
  );
  const counters: Record<string, number> = {};
  for (const [name, value] of Object.entries(Item ?? {})) {
    if (typeof value === 'number') counters[name] = value;
  }
  return counters;
}

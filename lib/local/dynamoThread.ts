/** The DynamoDB stand-in's thread: serves until told to stop, then closes LevelDB and ends. */
import { parentPort, workerData } from 'node:worker_threads';
import './quiet.ts';
import type { DynamoThreadMessage } from './dynamo.ts';
import { serveDynamo } from './dynamoFront.ts';

const port = parentPort!;
const { dir, port: listenPort, counter } = workerData as { dir: string; port: number; counter: Int32Array };
const post = (message: DynamoThreadMessage) => port.postMessage(message);
try {
  const server = await serveDynamo(dir, listenPort, () => Atomics.add(counter, 0, 1));
  port.on('message', (message) => {
    if (message !== 'stop') return;
    void server.stop().finally(() => port.close());
  });
  post({ endpoint: server.endpoint });
} catch (error) {
  post({ error: error instanceof Error ? error.message : String(error) });
  port.close();
}

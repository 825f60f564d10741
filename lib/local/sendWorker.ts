/**
 * A local sender in a thread of its own, as a Lambda container is its own process: its SDK clients,
 * its environment (a copy of the local stack's) and its pacer are its own.
 */
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import './quiet.ts';
import { pollLane, type WorkerMessage } from './sendLane.ts';

const port = parentPort!;
const post = (message: WorkerMessage) => port.postMessage(message);
const stop = new AbortController();
let last = performance.eventLoopUtilization();
port.on('message', (message) => {
  if (message === 'stop') stop.abort();
});
await pollLane(
  (workerData as { queueUrl: string }).queueUrl,
  { stopped: stop.signal, overrides: () => ({}) },
  {
    busy: (busy) => {
      post({ busy });
      // After each batch, the time this thread's event loop spent running code (its CPU, nearly):
      // what the sender itself costs, apart from the stand-ins on the main thread.
      if (busy < 0) {
        const now = performance.eventLoopUtilization();
        post({ activeMs: performance.eventLoopUtilization(now, last).active });
        last = now;
      }
    },
    notes: (notes) => post({ notes }),
    log: (log) => post({ log }),
  },
);
port.close();

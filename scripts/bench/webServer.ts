/**
 * bench:web's server, in a process of its own as `npm start` is: the local stack for /api, the front
 * server for web/dist, and the dashboard's user with a dozen reminders. In the measuring process, the
 * stack would share one thread with Playwright's protocol traffic, and the API would answer later
 * than it does beside a browser that is not being driven.
 *
 * startWebServer() spawns it and resolves once it serves; run directly, it starts and prints a READY
 * line with what the measuring process needs, and stops on SIGTERM.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addReminder, createUser, startTestStack } from '../../test/support/stack.ts';
import { startFrontServer } from './frontServer.ts';

const REMINDERS = 12;
const READY = 'READY ';

export interface WebServer {
  url: string;
  /** The dashboard's user, signed up and confirmed, with REMINDERS reminders. */
  user: { email: string; password: string };
  stop: () => Promise<void>;
}

async function serve(webDir: string): Promise<void> {
  const stack = await startTestStack({ webDir, runScheduler: false });
  const front = await startFrontServer(webDir, new URL(stack.appUrl));
  const user = await createUser(stack, { label: 'bench-dashboard' });
  for (let n = 0; n < REMINDERS; n++) {
    const day = String(1 + (n % 28)).padStart(2, '0');
    await addReminder(stack, user, {
      title: `Renewal ${n + 1}`,
      category: 'broadband_mobile',
      provider: 'Bench Provider',
      notes: null,
      renewal_date: `2031-0${1 + (n % 9)}-${day}`,
      amount: 120 + n,
      repeats: 'yearly',
    });
  }
  process.once('SIGTERM', () => {
    void Promise.all([front.close(), stack.stop()]).finally(() => process.exit(0));
  });
  const ready = { url: front.url, user: { email: user.email, password: user.password } };
  process.stdout.write(`\n${READY}${JSON.stringify(ready)}\n`);
}

export function startWebServer(webDir: string): Promise<WebServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), webDir], {
    // The stack's own logs (stdout) are read only for the READY line; its errors show.
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`The bench server stopped (exit ${code})`)));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith(READY));
      if (!line) return;
      child.stdout.removeAllListeners('data');
      child.stdout.resume(); // the logs that follow are not read
      const ready = JSON.parse(line.slice(READY.length)) as Omit<WebServer, 'stop'>;
      resolve({
        ...ready,
        stop: () => {
          child.kill('SIGTERM');
          return exited;
        },
      });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await serve(path.resolve(process.argv[2] ?? 'web/dist'));
}

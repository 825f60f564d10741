/**
 * `npm test`: every test, as two Vitest runs side by side.
 *
 * - The rest (unit, web, infra, integration) is mostly CPU: two files at a time keep both cores busy.
 * - The browser files (e2e) mostly wait, on the browser and on their stack: run after the rest, they
 *   used about one core for minutes. Beside the rest, they use the CPU the rest leaves idle.
 *
 * The browser run is given a lower priority (a nice value its workers, stacks and browsers inherit),
 * so a CPU-bound file is not slowed by a browser drawing; what waits on a timer loses little by it.
 * Its output is held while the other run prints, then follows. Either run failing fails `npm test`.
 * Arguments are passed to both runs, e.g. `npm test -- --reporter=verbose`.
 *
 * The seconds each file took, for test/durations.json:
 *   TEST_REPORT_DIR=/tmp/vitest npm test && npm run test:durations -- /tmp/vitest/*.json
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

/** How far below normal the browser run's priority is (0 to 19): enough to yield, not to starve. */
const BROWSER_NICENESS = 5;

const VITEST = path.resolve(import.meta.dirname, '../node_modules/vitest/vitest.mjs');
const extra = process.argv.slice(2);
const vitest = (args: string[]) =>
  spawn(process.execPath, [VITEST, 'run', ...args, ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });

/** With TEST_REPORT_DIR set, each run also writes a JSON report there (rest.json, browsers.json). */
const report = (name: string) =>
  process.env.TEST_REPORT_DIR
    ? [
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${path.join(process.env.TEST_REPORT_DIR, name)}`,
      ]
    : [];
const rest = vitest(['--project', '!e2e', ...report('rest.json')]);
const browsers = vitest(['--project', 'e2e', ...report('browsers.json')]);
if (browsers.pid) os.setPriority(browsers.pid, BROWSER_NICENESS);

rest.stdout.pipe(process.stdout);
rest.stderr.pipe(process.stderr);
const held: Array<[NodeJS.WriteStream, Buffer]> = [];
browsers.stdout.on('data', (chunk: Buffer) => held.push([process.stdout, chunk]));
browsers.stderr.on('data', (chunk: Buffer) => held.push([process.stderr, chunk]));

const exited = (child: ChildProcess) =>
  new Promise<number>((resolve) => child.on('close', (code, signal) => resolve(signal ? 1 : (code ?? 1))));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    rest.kill(signal);
    browsers.kill(signal);
  });
}

const restCode = await exited(rest);
// The browser run's output so far, then the rest of it as it comes.
browsers.stdout.removeAllListeners('data');
browsers.stderr.removeAllListeners('data');
for (const [stream, chunk] of held) stream.write(chunk);
browsers.stdout.pipe(process.stdout);
browsers.stderr.pipe(process.stderr);
const browsersCode = await exited(browsers);

console.log(
  `\nnpm test: unit, web, infra and integration ${restCode === 0 ? 'passed' : 'FAILED'}; ` +
    `browsers ${browsersCode === 0 ? 'passed' : 'FAILED'}.`,
);
process.exit(restCode === 0 && browsersCode === 0 ? 0 : 1);

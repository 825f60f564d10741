/**
 * `npm run bench:simulate`: the admin's Simulate for a date with 5,000 due mails, on the local
 * stand-ins, through the code the admin route runs (`runCron` in lambdas/features/admin/runCron.ts).
 *
 * Seeds a fresh local store with 5,000 reminders whose mail is due on one date (nine in ten a
 * reminder 7 days ahead, one in ten a savings follow-up the day after the renewal), spread over 500
 * owners, then times one simulation of that date. Prints seconds and mails per second beside the
 * admin API function's timeout, which the simulation must finish within.
 * The size can be changed: BENCH_DUE=1000 npm run bench:simulate
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { startLocalStack } from '../lib/local/stack.ts';
import { API_FUNCTION_TIMEOUT } from '../lib/function.ts';
import { CATEGORIES } from '../shared/reminder/categories.ts';
import { addDays } from '../shared/reminder/schedule.ts';
import { batchWrite, benchProfile, benchReminder, placed } from './bench/seed.ts';

const DUE = Number(process.env.BENCH_DUE ?? 5000);
const RUN_DATE = '2030-06-12';
const ADMIN_ID = randomUUID();

/** A reminder placed in the next-mail index as if created the day before the run, nothing sent. */
function dueReminder(userId: string, n: number): Record<string, unknown> {
  const followUp = n % 10 === 9;
  // A lead day of every category, or yesterday's renewal (its follow-up goes today).
  const renewal = addDays(RUN_DATE, followUp ? -1 : 7);
  return placed(
    benchReminder(userId, CATEGORIES[n % CATEGORIES.length]!.value, renewal, n),
    addDays(RUN_DATE, -1),
  );
}

async function seed(): Promise<void> {
  const users = Array.from({ length: Math.max(1, Math.ceil(DUE / 10)) }, () => randomUUID());
  const items = [
    benchProfile(ADMIN_ID, 'admin'),
    ...users.map((id) => benchProfile(id)),
    ...Array.from({ length: DUE }, (_, n) => dueReminder(users[n % users.length]!, n)),
  ];
  await batchWrite(items);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rr-bench-sim-'));
const stack = await startLocalStack({ dataDir, appPort: 0, mailboxPort: 0 });
try {
  const timeout = API_FUNCTION_TIMEOUT.toSeconds();
  console.log(`Simulation benchmark (${DUE.toLocaleString('en-GB')} mails due on ${RUN_DATE})`);
  process.stdout.write('  seeding… ');
  const seedStart = performance.now();
  await seed();
  console.log(`${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const { runCron } = await import('../lambdas/features/admin/runCron.ts');
  const start = performance.now();
  const result = await runCron(
    { userId: ADMIN_ID, username: ADMIN_ID, isAdmin: true },
    { simulate: true, date: RUN_DATE },
  );
  const seconds = (performance.now() - start) / 1000;
  const run = 'run' in result ? result.run : undefined;
  if (!run) throw new Error('The simulation answered without a run record');
  if (run.errors.length) console.log(`  errors: ${run.errors.slice(0, 3).join('; ')}`);
  if (run.items_processed !== DUE) {
    throw new Error(`Expected ${DUE} simulated mails, the run counted ${run.items_processed}`);
  }
  console.log(
    `  ${run.items_processed.toLocaleString('en-GB')} mails simulated in ${seconds.toFixed(2)} s ` +
      `(${(run.items_processed / seconds).toFixed(0)} mails/s); admin API function timeout ${timeout} s: ` +
      `${seconds < timeout ? 'within it' : 'OVER IT'} (${((seconds / timeout) * 100).toFixed(0)}% of it)`,
  );
} finally {
  await stack.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);

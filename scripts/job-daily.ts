/**
 * `npm run job:daily -- [--date YYYY-MM-DD] [--simulate]`: runs the daily reminder job against the
 * local stack that `npm start` is running, as the 08:00 schedule would. Mails land in the mailbox.
 */
import { parseArgs } from 'node:util';
import { isoDate } from '../shared/schemas.ts';
import { attachToRunningStack } from '../lib/local/running.ts';

const { values } = parseArgs({
  options: { date: { type: 'string' }, simulate: { type: 'boolean', default: false } },
});
if (values.date !== undefined && !isoDate.safeParse(values.date).success) {
  console.error(`--date must be a real calendar date, YYYY-MM-DD (got ${values.date})`);
  process.exit(2);
}
try {
  attachToRunningStack();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const { runDailyJob } = await import('../lambdas/engine/run.ts');
const run = await runDailyJob({ date: values.date, simulate: values.simulate, trigger: 'cli' });
console.log(
  `${run.simulated ? 'Simulated' : 'Ran'} the daily job for ${run.date}: ${run.planned} due, ` +
    `${run.items_processed} ${run.simulated ? 'would be sent' : 'sent'}, ${run.skipped} skipped, ` +
    `${run.errors.length} errors, ${(run.duration_ms / 1000).toFixed(2)} s`,
);
for (const error of run.errors) console.log(`  error: ${error}`);
process.exit(run.errors.length > 0 ? 1 : 0);

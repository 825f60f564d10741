/**
 * `npm run job:run -- [--date YYYY-MM-DD] [--simulate | --dry-run]`: runs the reminder job's planner
 * against the local stack that `npm start` is running (with a date, as at 08:00 on it in each owner's
 * own zone; without, as at now) and waits for that stack's senders. Mails land in the mailbox.
 * `--dry-run` prints what the run would send and roll, and changes nothing (lambdas/features/engine/dryRun.ts).
 */
import { parseArgs } from 'node:util';
import { isoDate } from '../shared/schemas/fields.ts';
import { attachToRunningStack } from '../lib/local/running.ts';

const { values } = parseArgs({
  options: {
    date: { type: 'string' },
    simulate: { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
  },
});
if (values.date !== undefined && !isoDate.safeParse(values.date).success) {
  console.error(`--date must be a real calendar date, YYYY-MM-DD (got ${values.date})`);
  process.exit(2);
}
if (values.simulate && values['dry-run']) {
  console.error(
    '--simulate and --dry-run do not go together: a dry run writes nothing, a simulation logs to the Email Sandbox',
  );
  process.exit(2);
}
let queueUrl: string;
try {
  ({ sendQueueUrl: queueUrl } = attachToRunningStack());
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const { planRun } = await import('../lambdas/features/engine/planner.ts');
const { latestCronRuns } = await import('../lambdas/store/sending/index.ts');
const { messagesLeft } = await import('../lib/local/sqs.ts');
/** The stack went away under us (npm start stopped): say so in one line, not a stack trace. */
function stackGone(error: unknown): never {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  const refused = code === 'ECONNREFUSED' || /ECONNREFUSED/.test(String(error));
  console.error(
    refused
      ? '\nThe local stack stopped answering (is `npm start` still running?). Start it again; the next run picks up what this one left.'
      : `\nThe reminder job failed: ${(error as Error).message}`,
  );
  process.exit(1);
}

if (values['dry-run']) {
  const { describeDryRun, planDryRun } = await import('../lambdas/features/engine/dryRun.ts');
  const plan = await planDryRun({ date: values.date }).catch(stackGone);
  for (const line of describeDryRun(plan)) console.log(line);
  process.exit(plan.errors.length > 0 ? 1 : 0);
}
const planned = await planRun({ date: values.date, simulate: values.simulate, trigger: 'cli' }).catch(
  stackGone,
);
if (planned.queued > 0) {
  process.stdout.write(`Queued ${planned.queued} mails; waiting for the senders of npm start`);
  while ((await messagesLeft(queueUrl).catch(stackGone)) > 0) {
    process.stdout.write('.');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  process.stdout.write('\n');
}
// The record with the senders' counts added.
const run = (await latestCronRuns(50).catch(stackGone)).find((r) => r.id === planned.id) ?? planned;
console.log(
  `${run.simulated ? 'Simulated' : 'Ran'} the reminder job for ${run.date}: ${run.planned} planned, ` +
    `${run.items_processed} ${run.simulated ? 'would be sent' : 'sent'}, ${run.late} late, ` +
    `${run.superseded} superseded, ${run.missed} missed, ${run.rolled} rolled forward, ${run.errors.length} failed, ${run.skipped} skipped`,
);
for (const error of run.errors) console.log(`  error: ${error}`);
process.exit(run.errors.length > 0 ? 1 : 0);

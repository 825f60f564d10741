import { runStatus } from '../../../shared/runs.ts';
import type { RunCronResult } from '../../../shared/admin.ts';
import type { runCronSchema } from '../../../shared/schemas/params.ts';
import type * as z from 'zod';
import { planRun } from '../engine/planner.ts';
import { startJobAsync } from '../engine/startJob.ts';
import { Reply, type Caller } from '../../runtime/http.ts';
import { audit } from '../../store/admin/index.ts';

/**
 * The admin 'Run Cron': a simulation for a chosen date (sandbox logs, nothing sent) or the real job
 * now. On AWS the real job starts in its own function and the answer is 202; locally it runs here.
 */
export async function runCron(
  caller: Caller,
  body: z.output<typeof runCronSchema>,
): Promise<RunCronResult | Reply<RunCronResult>> {
  const action = body.simulate ? 'simulate_cron' : 'run_cron';
  await audit(caller, action, body.simulate ? `date ${body.date ?? 'today'}` : 'real run');
  if (!body.simulate) {
    const started = await startJobAsync();
    if (started) return new Reply(202, started);
  }
  const {
    mails: _mails,
    planMs: _planMs,
    ...run
  } = await planRun({
    date: body.simulate ? body.date : undefined,
    simulate: body.simulate,
    trigger: 'manual',
  });
  const success = run.errors.length === 0;
  const record = { ...run, status: runStatus(run, new Date()) };
  // A real run answers with what it queued: the senders send it, and the cron log counts it.
  const counts = body.simulate
    ? { emailsSent: run.items_processed }
    : { emailsSent: null, emailsQueued: run.queued };
  return { success, ...counts, errors: run.errors, processedDate: run.date, run: record };
}

import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { runCronSchema } from '../../shared/schemas.ts';
import type { CronRun } from '../../shared/api.ts';
import { env } from '../lib/env.ts';
import { json, parseBody, route } from '../lib/http.ts';
import { runDailyJob } from '../engine/run.ts';
import { audit } from '../store/audit.ts';

/**
 * The admin 'Run Cron': a simulation for a chosen date (writes sandbox logs, sends nothing) or the
 * real job now. On AWS the real run invokes the job's own function, so it gets its 15 minutes.
 */
export const handler = route('admin', async (event, caller) => {
  const input = parseBody(event, runCronSchema);
  await audit(
    caller,
    input.simulate ? 'simulate_cron' : 'run_cron',
    input.simulate ? `date ${input.date ?? 'today'}` : 'real run',
  );
  let result: Omit<CronRun, 'id'> & { id?: string };
  if (!input.simulate && env().JOB_FUNCTION_NAME) {
    const response = await new LambdaClient({ region: env().AWS_REGION }).send(
      new InvokeCommand({
        FunctionName: env().JOB_FUNCTION_NAME,
        Payload: Buffer.from(JSON.stringify({ trigger: 'manual' })),
      }),
    );
    if (response.FunctionError) {
      return json(502, {
        message: `The daily job failed: ${Buffer.from(response.Payload ?? []).toString()}`,
      });
    }
    result = JSON.parse(Buffer.from(response.Payload ?? []).toString()) as CronRun;
  } else {
    const {
      mails: _mails,
      planMs: _planMs,
      ...run
    } = await runDailyJob({
      date: input.simulate ? input.date : undefined,
      simulate: input.simulate,
      trigger: 'manual',
    });
    result = run;
  }
  return json(200, {
    success: result.errors.length === 0,
    emailsSent: result.items_processed,
    errors: result.errors,
    processedDate: result.date,
    run: result,
  });
});

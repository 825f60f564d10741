import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { runCronSchema } from '../../shared/schemas.ts';
import { todayIn, UK_ZONE } from '../../shared/dates.ts';
import { env } from '../runtime/env.ts';
import { json, parseBody, route } from '../runtime/http.ts';
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
  if (!input.simulate && env().JOB_FUNCTION_NAME) {
    // On AWS the job gets its own 15 minutes: started asynchronously (API Gateway answers within 30 s),
    // its result lands in the cron log.
    await new LambdaClient({ region: env().AWS_REGION }).send(
      new InvokeCommand({
        FunctionName: env().JOB_FUNCTION_NAME,
        InvocationType: 'Event',
        Payload: Buffer.from(JSON.stringify({ trigger: 'manual' })),
      }),
    );
    return json(202, {
      success: true,
      started: true,
      emailsSent: null,
      errors: [],
      processedDate: todayIn(UK_ZONE),
      message: 'The daily job is running: its result will appear in the cron log.',
    });
  }
  const {
    mails: _mails,
    planMs: _planMs,
    ...result
  } = await runDailyJob({
    date: input.simulate ? input.date : undefined,
    simulate: input.simulate,
    trigger: 'manual',
  });
  return json(200, {
    success: result.errors.length === 0,
    emailsSent: result.items_processed,
    errors: result.errors,
    processedDate: result.date,
    run: result,
  });
});

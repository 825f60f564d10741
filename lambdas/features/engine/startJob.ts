import type { RunCronResult } from '../../../shared/admin.ts';
import { todayIn, UK_ZONE } from '../../../shared/dates.ts';
import { env } from '../../runtime/env.ts';
import { tracer } from '../../runtime/tracer.ts';

/**
 * On AWS the admin's real run starts the job's own function asynchronously, so it gets its own 15
 * minutes (API Gateway answers within 30 s) and its result lands in the cron log. Locally (no
 * JOB_FUNCTION_NAME) it returns undefined and the caller runs the job in-process.
 */
export async function startJobAsync(): Promise<RunCronResult | undefined> {
  const functionName = env().JOB_FUNCTION_NAME;
  if (!functionName) return undefined;
  // Loaded here, not statically: only the admin's real run needs it (lambdas/runtime/clients.ts).
  const { InvokeCommand, LambdaClient } = await import('@aws-sdk/client-lambda');
  await tracer.captureAWSv3Client(new LambdaClient({ region: env().AWS_REGION })).send(
    new InvokeCommand({
      FunctionName: functionName,
      InvocationType: 'Event',
      Payload: Buffer.from(JSON.stringify({ trigger: 'manual' })),
    }),
  );
  return {
    success: true,
    started: true,
    emailsSent: null,
    errors: [],
    processedDate: todayIn(UK_ZONE),
    message: 'The reminder job is running: its result will appear in the cron log.',
  };
}

import { env } from './env.ts';
import { tracer } from './tracer.ts';

const reads = new Map<string, { value: Promise<string>; at: number }>();

/**
 * A secret's string from Secrets Manager, read once per container, or again once the last read is
 * `maxAgeMs` old; a failed read is tried again on the next call. The Secrets Manager SDK loads on
 * the first read only (lambdas/runtime/clients.ts says why).
 */
export function secretString(arn: string, maxAgeMs = Infinity): Promise<string> {
  const done = reads.get(arn);
  if (done && Date.now() - done.at < maxAgeMs) return done.value;
  const read = import('@aws-sdk/client-secrets-manager')
    .then(({ GetSecretValueCommand, SecretsManagerClient }) =>
      tracer
        // The secret's own region, from its ARN: a function in another region (the inbox's) reads the stage's.
        .captureAWSv3Client(new SecretsManagerClient({ region: arn.split(':')[3] || env().AWS_REGION }))
        .send(new GetSecretValueCommand({ SecretId: arn })),
    )
    .then((result) => {
      if (!result.SecretString) throw new Error(`The secret ${arn} has no value`);
      return result.SecretString;
    });
  reads.set(arn, { value: read, at: Date.now() });
  read.catch(() => {
    if (reads.get(arn)?.value === read) reads.delete(arn);
  });
  return read;
}

/** Tests start each case with no secret read. */
export function resetSecrets(): void {
  reads.clear();
}

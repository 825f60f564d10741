import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import type { StageConfig } from './config.ts';

/**
 * Lets `fn` read the stage's DVLA key (context `dvlaKeySecret`, a secret made by hand since the DVLA
 * issues the key) and tells it the secret's name; a stage without one gives nothing, and the look-up
 * stays off. Only the look-up's route and the reminder job (its re-check of kept registrations) ask.
 */
export function giveDvlaKey(scope: Construct, id: string, fn: LambdaFunction, config: StageConfig): void {
  if (!config.dvla) return;
  const key = Secret.fromSecretNameV2(scope, id, config.dvla.keySecretName);
  key.grantRead(fn);
  fn.addEnvironment('DVLA_API_KEY_SECRET_ID', key.secretName);
}

/**
 * The AWS SDK clients, one of each per container.
 *
 * A function loads only the SDK packages it uses. The Lambda runtime provides the SDK (the bundles
 * leave @aws-sdk/* out), but importing a client package still costs 40–130 ms of a cold start, and an
 * ES module's static imports all load before the handler runs. So only DynamoDB, which nearly every
 * function uses on every request, is imported statically; SES, SQS and Cognito are imported the first
 * time a code path asks for their client, and callers import their commands the same way
 * (`const { SendEmailCommand } = await import('@aws-sdk/client-sesv2')`): a static import of one
 * command loads its whole client package. test/infra/bundles.test.ts checks which packages each
 * bundle imports statically; docs/bundles.md has the figures.
 *
 * Each client is captured by the Tracer as it is made (lambdas/runtime/tracer.ts): where the stage
 * traces, every call it makes is an X-Ray subsegment; elsewhere the client is left as it is.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import type { SQSClient } from '@aws-sdk/client-sqs';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { env } from './env.ts';
import { tracer } from './tracer.ts';

/** Stand-ins accept any credentials; real AWS uses the Lambda role's. */
function localOptions(endpoint: string | undefined) {
  return endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {};
}

let ddb: DynamoDBDocumentClient | undefined;
let ses: SESv2Client | undefined;
let cognito: CognitoIdentityProviderClient | undefined;
let sqs: SQSClient | undefined;

export function dynamo(): DynamoDBDocumentClient {
  // Captured before the document client wraps it: the two share one middleware stack.
  ddb ??= DynamoDBDocumentClient.from(
    tracer.captureAWSv3Client(
      new DynamoDBClient({
        region: env().TABLE_REGION ?? env().AWS_REGION,
        ...localOptions(env().DYNAMODB_ENDPOINT),
      }),
    ),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  return ddb;
}

/** The SES v2 client; its package loads on the first call. */
export async function sesClient(): Promise<SESv2Client> {
  if (!ses) {
    const { SESv2Client } = await import('@aws-sdk/client-sesv2');
    ses ??= tracer.captureAWSv3Client(
      new SESv2Client({
        // The stage's region, where its sending identity is: a function in another region (the
        // inbox's receiving) is told it as the table's.
        region: env().TABLE_REGION ?? env().AWS_REGION,
        // Without throwOnRequestTimeout the handler only warns when the timeout passes, and waits on.
        requestHandler: {
          connectionTimeout: 3_000,
          requestTimeout: env().SES_TIMEOUT_MS,
          throwOnRequestTimeout: true,
        },
        ...localOptions(env().SES_ENDPOINT),
      }),
    );
  }
  return ses;
}

/** The Cognito user pool client; its package loads on the first call. */
export async function cognitoClient(): Promise<CognitoIdentityProviderClient> {
  if (!cognito) {
    const { CognitoIdentityProviderClient } = await import('@aws-sdk/client-cognito-identity-provider');
    cognito ??= tracer.captureAWSv3Client(
      new CognitoIdentityProviderClient({
        region: env().AWS_REGION,
        ...localOptions(env().COGNITO_ENDPOINT),
      }),
    );
  }
  return cognito;
}

/** The SQS client; its package loads on the first call. */
export async function sqsClient(): Promise<SQSClient> {
  if (!sqs) {
    const { SQSClient } = await import('@aws-sdk/client-sqs');
    sqs ??= tracer.captureAWSv3Client(
      new SQSClient({ region: env().AWS_REGION, ...localOptions(env().SQS_ENDPOINT) }),
    );
  }
  return sqs;
}

export function resetClients(): void {
  sqs = undefined;
  ddb = undefined;
  ses = undefined;
  cognito = undefined;
}

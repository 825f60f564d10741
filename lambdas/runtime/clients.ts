import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SQSClient } from '@aws-sdk/client-sqs';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { env } from './env.ts';

/** Stand-ins accept any credentials; real AWS uses the Lambda role's. */
function localOptions(endpoint: string | undefined) {
  return endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {};
}

let ddb: DynamoDBDocumentClient | undefined;
let ses: SESv2Client | undefined;
let cognito: CognitoIdentityProviderClient | undefined;
let sqs: SQSClient | undefined;

export function dynamo(): DynamoDBDocumentClient {
  ddb ??= DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: env().AWS_REGION, ...localOptions(env().DYNAMODB_ENDPOINT) }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  return ddb;
}

export function sesClient(): SESv2Client {
  ses ??= new SESv2Client({
    region: env().AWS_REGION,
    // Without throwOnRequestTimeout the handler only warns when the timeout passes, and waits on.
    requestHandler: {
      connectionTimeout: 3_000,
      requestTimeout: env().SES_TIMEOUT_MS,
      throwOnRequestTimeout: true,
    },
    ...localOptions(env().SES_ENDPOINT),
  });
  return ses;
}

export function cognitoClient(): CognitoIdentityProviderClient {
  cognito ??= new CognitoIdentityProviderClient({
    region: env().AWS_REGION,
    ...localOptions(env().COGNITO_ENDPOINT),
  });
  return cognito;
}

export function sqsClient(): SQSClient {
  sqs ??= new SQSClient({ region: env().AWS_REGION, ...localOptions(env().SQS_ENDPOINT) });
  return sqs;
}

export function resetClients(): void {
  sqs = undefined;
  ddb = undefined;
  ses = undefined;
  cognito = undefined;
}

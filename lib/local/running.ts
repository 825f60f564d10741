/**
 * For command-line tools that act on the stack `npm start` is running: reads the endpoints it
 * wrote to .local/stack.json and points this process's SDK clients at them.
 */
import fs from 'node:fs';
import path from 'node:path';
import './quiet.ts';
import { resetClients } from '../../lambdas/lib/clients.ts';
import { resetEnvCache } from '../../lambdas/lib/env.ts';
import { LOCAL_EMAIL_FROM, ROOT } from './stack.ts';

export interface RunningStack {
  pid: number;
  appUrl: string;
  dynamoEndpoint: string;
  sesEndpoint: string;
  cognitoEndpoint: string;
  userPoolId: string;
  clientId: string;
  tableName: string;
  siteUrl: string;
}

export function attachToRunningStack(dataDir = path.join(ROOT, '.local')): RunningStack {
  const file = path.join(dataDir, 'stack.json');
  if (!fs.existsSync(file)) {
    throw new Error('The local stack is not running: start it with `npm start` in another terminal.');
  }
  const stack = JSON.parse(fs.readFileSync(file, 'utf8')) as RunningStack;
  try {
    process.kill(stack.pid, 0);
  } catch {
    throw new Error('The local stack is not running (stale .local/stack.json): start it with `npm start`.');
  }
  Object.assign(process.env, {
    TABLE_NAME: stack.tableName,
    STAGE: 'local',
    SITE_URL: stack.siteUrl,
    EMAIL_PROVIDER: process.env.EMAIL_PROVIDER ?? 'ses',
    EMAIL_FROM: LOCAL_EMAIL_FROM,
    AWS_REGION: 'eu-west-2',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    DYNAMODB_ENDPOINT: stack.dynamoEndpoint,
    SES_ENDPOINT: stack.sesEndpoint,
    COGNITO_ENDPOINT: stack.cognitoEndpoint,
    USER_POOL_ID: stack.userPoolId,
    POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
  });
  resetEnvCache();
  resetClients();
  return stack;
}

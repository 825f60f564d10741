/**
 * The stack `npm start` is running, as other processes see it: it writes its endpoints to
 * .local/stack.json, and command-line tools read them to point their SDK clients at it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadOrCreatePushSeed, loadOrCreateSigningSecret } from './secretFile.ts';
import './quiet.ts';
import { applyLambdaEnvironment, ROOT } from './environment.ts';

/** Where a local stack can be reached. */
export interface StackEndpoints {
  appUrl: string;
  dynamoEndpoint: string;
  sesEndpoint: string;
  cognitoEndpoint: string;
  userPoolId: string;
  clientId: string;
  tableName: string;
  sqsEndpoint: string;
  sendQueueUrl: string;
  senders: number;
}

export interface RunningStack extends StackEndpoints {
  pid: number;
  siteUrl: string;
}

const stackFile = (dataDir: string) => path.join(dataDir, 'stack.json');

export function writeRunningStack(dataDir: string, stack: RunningStack): void {
  fs.writeFileSync(stackFile(dataDir), JSON.stringify(stack, null, 2));
}

export function removeRunningStack(dataDir: string): void {
  fs.rmSync(stackFile(dataDir), { force: true });
}

export function attachToRunningStack(dataDir = path.join(ROOT, '.local')): RunningStack {
  const file = stackFile(dataDir);
  if (!fs.existsSync(file)) {
    throw new Error('The local stack is not running: start it with `npm start` in another terminal.');
  }
  const stack = JSON.parse(fs.readFileSync(file, 'utf8')) as RunningStack;
  try {
    process.kill(stack.pid, 0);
  } catch {
    throw new Error('The local stack is not running (stale .local/stack.json): start it with `npm start`.');
  }
  applyLambdaEnvironment({
    siteUrl: stack.siteUrl,
    dynamoEndpoint: stack.dynamoEndpoint,
    sesEndpoint: stack.sesEndpoint,
    emailProvider: process.env.EMAIL_PROVIDER === 'disabled' ? 'disabled' : 'ses',
    cognitoEndpoint: stack.cognitoEndpoint,
    userPoolId: stack.userPoolId,
    userPoolClientId: stack.clientId,
    sqsEndpoint: stack.sqsEndpoint,
    sendQueueUrl: stack.sendQueueUrl,
    senders: stack.senders,
    // The job's pushes and links are signed with the running stack's keys (read, never made, here).
    pushSeed: loadOrCreatePushSeed(dataDir),
    signingSecret: loadOrCreateSigningSecret(dataDir),
  });
  return stack;
}

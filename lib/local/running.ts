/**
 * For command-line tools that act on the stack `npm start` is running: reads the endpoints it
 * wrote to .local/stack.json and points this process's SDK clients at them.
 */
import fs from 'node:fs';
import path from 'node:path';
import './quiet.ts';
import { applyLambdaEnvironment, ROOT } from './stack.ts';

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
  applyLambdaEnvironment({
    siteUrl: stack.siteUrl,
    dynamoEndpoint: stack.dynamoEndpoint,
    sesEndpoint: stack.sesEndpoint,
    emailProvider: process.env.EMAIL_PROVIDER === 'disabled' ? 'disabled' : 'ses',
    cognitoEndpoint: stack.cognitoEndpoint,
    userPoolId: stack.userPoolId,
    userPoolClientId: stack.clientId,
  });
  return stack;
}

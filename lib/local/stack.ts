/**
 * The whole product on one machine, no AWS account: dynalite, the SES v2 emulator, cognito-local
 * and the local API adapter, wired with the same handlers and environment the CDK stack deploys.
 */
import './quiet.ts';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WebConfig } from '../../shared/api.ts';
import { DEFAULT_FEATURE_FLAGS } from '../../shared/flags.ts';
import { resetClients } from '../../lambdas/runtime/clients.ts';
import { resetEnvCache } from '../../lambdas/runtime/env.ts';
import { startAdapter } from './adapter.ts';
import { startLocalCognito, type TriggerHandler } from './cognito.ts';
import { startLocalDynamo } from './dynamo.ts';
import { startLocalSes } from './ses.ts';
import { scheduleDaily } from './scheduler.ts';
import { freePort } from './ports.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface LocalStackOptions {
  /** Where accounts, reminders and logs are kept between starts. */
  dataDir: string;
  /** 0 picks a free port (tests); npm start uses 3000 and 8005. */
  appPort: number;
  mailboxPort: number;
  dynamoPort?: number;
  cognitoPort?: number;
  webDir?: string;
  /** Local SES maximum send rate (mails per second) reported by GetAccount. */
  maxSendRate?: number;
  emailProvider?: 'ses' | 'disabled';
  runScheduler?: boolean;
  log?: (line: string) => void;
}

export interface LocalStack {
  appUrl: string;
  mailboxUrl: string;
  dynamoEndpoint: string;
  sesEndpoint: string;
  cognitoEndpoint: string;
  userPoolId: string;
  clientId: string;
  tableName: string;
  stop(): Promise<void>;
}

export const LOCAL_TABLE = 'renewal-reminders-local';
export const LOCAL_EMAIL_FROM = 'Renewal Reminders <reminders@renewal-reminders.local>';

/**
 * The environment the CDK stack gives each Lambda, pointed at the stand-ins; set on this process
 * (the handlers run in it) by the stack and by the CLIs that attach to a running one.
 */
export function applyLambdaEnvironment(stack: {
  siteUrl: string;
  dynamoEndpoint: string;
  sesEndpoint: string;
  emailProvider: 'ses' | 'disabled';
  cognitoEndpoint?: string;
  userPoolId?: string;
  userPoolClientId?: string;
}): void {
  Object.assign(process.env, {
    TABLE_NAME: LOCAL_TABLE,
    STAGE: 'local',
    SITE_URL: stack.siteUrl,
    EMAIL_PROVIDER: stack.emailProvider,
    EMAIL_FROM: LOCAL_EMAIL_FROM,
    AWS_REGION: 'eu-west-2',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    DYNAMODB_ENDPOINT: stack.dynamoEndpoint,
    SES_ENDPOINT: stack.sesEndpoint,
    POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
    API_URL: `${stack.siteUrl}/api`,
    // The local stage shows both flags' effects; FEATURE_FLAGS in the environment overrides.
    FEATURE_FLAGS:
      process.env.FEATURE_FLAGS ?? JSON.stringify({ ...DEFAULT_FEATURE_FLAGS, country_cta_v1: true }),
    ...(stack.cognitoEndpoint ? { COGNITO_ENDPOINT: stack.cognitoEndpoint } : {}),
    ...(stack.userPoolId ? { USER_POOL_ID: stack.userPoolId } : {}),
    ...(stack.userPoolClientId ? { USER_POOL_CLIENT_ID: stack.userPoolClientId } : {}),
  });
  resetEnvCache();
  resetClients();
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const log = options.log ?? (() => undefined);
  const dynamo = await startLocalDynamo(
    path.join(options.dataDir, 'dynamodb'),
    options.dynamoPort ?? 0,
    LOCAL_TABLE,
  );
  const ses = await startLocalSes(options.mailboxPort, options.maxSendRate ?? 20);

  // The port the app will have must be known before the handlers read SITE_URL; pick it first.
  const appPort = options.appPort || (await freePort());
  const siteUrl = `http://localhost:${appPort}`;

  applyLambdaEnvironment({
    siteUrl,
    dynamoEndpoint: dynamo.endpoint,
    sesEndpoint: ses.endpoint,
    emailProvider: options.emailProvider ?? 'ses',
  });
  if (options.runScheduler) process.env.SCHEDULE_NAME = 'local timer, 08:00 Europe/London';
  else delete process.env.SCHEDULE_NAME;

  const trigger =
    (file: string): TriggerHandler =>
    async (event) => {
      const module = (await import(`../../lambdas/triggers/${file}.ts`)) as { handler: TriggerHandler };
      return module.handler(event);
    };
  const cognito = await startLocalCognito({
    dataDir: path.join(options.dataDir, 'cognito'),
    port: options.cognitoPort || (await freePort()),
    sesEndpoint: ses.endpoint,
    emailFrom: LOCAL_EMAIL_FROM,
    triggers: { CustomMessage: trigger('customMessage'), PostConfirmation: trigger('postConfirmation') },
  });
  applyLambdaEnvironment({
    siteUrl,
    dynamoEndpoint: dynamo.endpoint,
    sesEndpoint: ses.endpoint,
    emailProvider: options.emailProvider ?? 'ses',
    cognitoEndpoint: cognito.url,
    userPoolId: cognito.userPoolId,
    userPoolClientId: cognito.clientId,
  });

  const webConfig: WebConfig = {
    stage: 'local',
    region: 'eu-west-2',
    userPoolId: cognito.userPoolId,
    userPoolClientId: cognito.clientId,
    userPoolEndpoint: `${siteUrl}/_cognito`,
    siteUrl,
  };
  const adapter = await startAdapter({
    port: appPort,
    webDir: options.webDir ?? path.join(ROOT, 'web', 'dist'),
    webConfig,
    cognitoUrl: cognito.url,
    userPoolId: cognito.userPoolId,
    issuer: cognito.issuer,
    clientId: cognito.clientId,
    log,
  });

  const stopScheduler = options.runScheduler
    ? scheduleDaily(async () => {
        const { handler } = await import('../../lambdas/jobs/dailyReminders.ts');
        const result = await handler({ trigger: 'local-timer' });
        log(
          `daily job ran for ${result.date}: ${result.items_processed} sent, ${result.errors.length} errors`,
        );
      }, log)
    : () => undefined;

  // For the CLIs (job:daily, admin:grant) that act on this running stack from another process.
  fs.writeFileSync(
    path.join(options.dataDir, 'stack.json'),
    JSON.stringify(
      {
        pid: process.pid,
        appUrl: adapter.url,
        dynamoEndpoint: dynamo.endpoint,
        sesEndpoint: ses.endpoint,
        cognitoEndpoint: cognito.url,
        userPoolId: cognito.userPoolId,
        clientId: cognito.clientId,
        tableName: LOCAL_TABLE,
        siteUrl,
      },
      null,
      2,
    ),
  );

  return {
    appUrl: adapter.url,
    mailboxUrl: `http://localhost:${new URL(ses.endpoint).port}`,
    dynamoEndpoint: dynamo.endpoint,
    sesEndpoint: ses.endpoint,
    cognitoEndpoint: cognito.url,
    userPoolId: cognito.userPoolId,
    clientId: cognito.clientId,
    tableName: LOCAL_TABLE,
    async stop() {
      stopScheduler();
      fs.rmSync(path.join(options.dataDir, 'stack.json'), { force: true });
      await adapter.stop();
      await cognito.stop();
      await ses.stop();
      await dynamo.stop();
    },
  };
}

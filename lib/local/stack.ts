/**
 * The whole product on one machine, no AWS account: dynalite, the SES v2 emulator, cognito-local
 * and the local API adapter, wired with the same handlers and environment the CDK stack deploys.
 */
import './quiet.ts';
import path from 'node:path';
import type { WebConfig } from '../../shared/api.ts';
import { startAdapter } from './adapter.ts';
import { startLocalCognito, type TriggerHandler } from './cognito.ts';
import { startLocalDynamo } from './dynamo.ts';
import { applyLambdaEnvironment, LOCAL_EMAIL_FROM, LOCAL_TABLE, ROOT } from './environment.ts';
import { reservePort } from './ports.ts';
import { startDvlaStandIn } from './dvla.ts';
import { startInboxSmtp, type InboxSmtp } from './inboxSmtp.ts';
import { startFakePushService, type FakePushService } from './fakePush.ts';
import { mailboxPages } from './channelsMailbox.ts';
import { startNtfyStandIn, type NtfyStandIn } from './ntfy.ts';
import { LOCAL_TELEGRAM_BOT, startTelegramStandIn, type TelegramStandIn } from './telegram.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhookReceiver.ts';
import { loadOrCreatePushSeed, loadOrCreateSigningSecret } from './secretFile.ts';
import { removeRunningStack, writeRunningStack, type StackEndpoints } from './running.ts';
import { scheduleHourly } from './scheduler.ts';
import { startLocalSes } from './ses.ts';
import { startLocalSqs, startSendPoller, type SendPoller } from './sqs.ts';

export { LOCAL_EMAIL_FROM, LOCAL_TABLE, ROOT } from './environment.ts';

export interface LocalStackOptions {
  /** Where accounts, reminders and logs are kept between starts. */
  dataDir: string;
  /** 0 picks a free port (tests); npm start uses 3000 and 8005. */
  appPort: number;
  mailboxPort: number;
  /** The renewal inbox's SMTP stand-in (INBOX_PORT, 2525 for npm start); 0 or absent picks a free port. */
  inboxPort?: number;
  dynamoPort?: number;
  cognitoPort?: number;
  webDir?: string;
  /** Local SES maximum send rate (mails per second) reported by GetAccount. */
  maxSendRate?: number;
  emailProvider?: 'ses' | 'disabled';
  runScheduler?: boolean;
  /** How many senders poll the send queue (the event source's maximum concurrency on AWS). */
  senders?: number;
  /**
   * Each sender in a worker thread of its own (npm start, benchmarks), as each Lambda container is
   * its own process; off in tests, whose fault seams reach senders in this thread only.
   */
  senderThreads?: boolean;
  /** Seconds before a send message that failed comes back (6 minutes on AWS; shorter here). */
  sendQueueVisibilitySeconds?: number;
  /**
   * A fake push service of the stack's own (the tests'): the only plain-http push endpoint the local
   * stage then takes. Without it (npm start) only the browsers' real push services are taken.
   */
  fakePushService?: boolean;
  /** The alert channels' stand-ins' ports (TELEGRAM_PORT, NTFY_PORT, WEBHOOK_PORT for npm start); 0 or absent: free ports. */
  channelPorts?: { telegram: number; ntfy: number; webhooks: number };
  log?: (line: string) => void;
}

export interface LocalStack extends StackEndpoints {
  mailboxUrl: string;
  /** The senders polling the send queue: tests wait for them to finish a run's mails. */
  sendPoller: SendPoller;
  /** Requests the DynamoDB and SES stand-ins have answered since the stack started (benchmarks). */
  requestCounts(): { dynamodb: number; ses: number };
  /** The registration numbers the DVLA stand-in has been asked for, oldest first. */
  dvlaRequests: readonly string[];
  /** The DVLA stand-in's address. */
  dvlaUrl: string;
  /** The renewal inbox's SMTP stand-in: smtp://localhost:{port}, and what it took. */
  inbox: InboxSmtp;
  /** The stack's fake push service, when asked for (LocalStackOptions.fakePushService). */
  pushService?: FakePushService;
  /** The Telegram Bot API stand-in, with the local bot's chats and messages. */
  telegram: TelegramStandIn;
  /** The ntfy server stand-in and what it received. */
  ntfy: NtfyStandIn;
  /** The webhook receiver and what it received. */
  webhooks: WebhookReceiver;
  stop(): Promise<void>;
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const log = options.log ?? (() => undefined);
  const dynamo = await startLocalDynamo(
    path.join(options.dataDir, 'dynamodb'),
    options.dynamoPort ?? 0,
    LOCAL_TABLE,
  );
  // SES's Send events reach our SES events function, as EventBridge brings them on AWS.
  const publishSesEvent = async (event: unknown) => {
    const { handler } = await import('../../lambdas/handlers/events/sesEvents.ts');
    await handler(event);
  };
  // The alert channels' stand-ins, whose messages the mailbox shows under their own tabs.
  const telegram = await startTelegramStandIn(options.channelPorts?.telegram ?? 0);
  const ntfy = await startNtfyStandIn(options.channelPorts?.ntfy ?? 0);
  const webhooks = await startWebhookReceiver(options.channelPorts?.webhooks ?? 0);
  const ses = await startLocalSes(
    options.mailboxPort,
    options.maxSendRate ?? 20,
    publishSesEvent,
    log,
    mailboxPages({ telegram, ntfy, webhooks }),
  );
  // Sender threads start on the queue's first send (startSendPoller).
  let wakeSenders: () => void = () => undefined;
  const sqs = await startLocalSqs({
    visibilityTimeoutSeconds: options.sendQueueVisibilitySeconds ?? 30,
    maxReceiveCount: 8,
    onSend: () => wakeSenders(),
  });
  const senders = options.senders ?? 2;
  // The DVLA's Vehicle Enquiry Service, answering from fixtures.
  const dvla = await startDvlaStandIn();
  const pushService = options.fakePushService ? await startFakePushService() : undefined;

  // The port the app will have must be known before the handlers read SITE_URL; pick it first.
  const appReservation = options.appPort ? undefined : await reservePort();
  const appPort = options.appPort || appReservation!.port;
  const siteUrl = `http://localhost:${appPort}`;

  const environment = {
    siteUrl,
    dynamoEndpoint: dynamo.endpoint,
    sesEndpoint: ses.endpoint,
    emailProvider: options.emailProvider ?? 'ses',
    sqsEndpoint: sqs.endpoint,
    sendQueueUrl: sqs.queueUrl,
    senders,
    pushSeed: loadOrCreatePushSeed(options.dataDir),
    signingSecret: loadOrCreateSigningSecret(options.dataDir),
    dvlaUrl: dvla.url,
    pushOrigin: pushService?.origin,
    telegramApiUrl: telegram.url,
    // Both spellings of each stand-in's origin: a newcomer types localhost, the tests 127.0.0.1.
    channelOrigins: [ntfy.url, webhooks.url].flatMap((url) => [url, url.replace('127.0.0.1', 'localhost')]),
  } as const;
  applyLambdaEnvironment(environment);
  // Mail to a user's inbox address, read by the same use case as on AWS.
  const inbox = await startInboxSmtp(options.inboxPort ?? 0, async (address) => {
    const { inboxOwner } = await import('../../lambdas/store/account/index.ts');
    const { getProfile } = await import('../../lambdas/store/account/index.ts');
    const userId = await inboxOwner(address);
    const profile = userId ? await getProfile(userId) : undefined;
    return profile ? { userId: profile.user_id, email: profile.email } : undefined;
  });
  if (options.runScheduler) process.env.SCHEDULE_NAME = 'local timer, every hour on the hour';
  else delete process.env.SCHEDULE_NAME;

  const trigger =
    (file: string): TriggerHandler =>
    async (event) => {
      const module = (await import(`../../lambdas/handlers/triggers/${file}.ts`)) as {
        handler: TriggerHandler;
      };
      return module.handler(event);
    };
  const cognito = await startLocalCognito({
    dataDir: path.join(options.dataDir, 'cognito'),
    port: options.cognitoPort ?? 0,
    sesEndpoint: ses.endpoint,
    emailFrom: LOCAL_EMAIL_FROM,
    triggers: {
      PreSignUp: trigger('preSignUp'),
      CustomMessage: trigger('customMessage'),
      PostConfirmation: trigger('postConfirmation'),
      // The confirmation link's one sign-in (decision 0023): Cognito's custom auth flow.
      DefineAuthChallenge: trigger('defineAuthChallenge'),
      CreateAuthChallenge: trigger('createAuthChallenge'),
      VerifyAuthChallengeResponse: trigger('verifyAuthChallengeResponse'),
    },
  });
  applyLambdaEnvironment({
    ...environment,
    cognitoEndpoint: cognito.url,
    userPoolId: cognito.userPoolId,
    userPoolClientId: cognito.clientId,
  });

  const webConfig: WebConfig = {
    stage: 'local',
    region: 'eu-west-2',
    userPoolId: cognito.userPoolId,
    userPoolClientId: cognito.clientId,
    // A path, not a URL: the SPA resolves it against its own origin (:3000, or Vite's dev server that
    // proxies /_cognito here), so config.json never depends on who asks.
    userPoolEndpoint: '/_cognito',
    siteUrl,
  };
  const adapter = await startAdapter({
    port: appReservation ?? appPort,
    webDir: options.webDir ?? path.join(ROOT, 'web', 'dist'),
    webConfig,
    cognitoUrl: cognito.url,
    userPoolId: cognito.userPoolId,
    issuer: cognito.issuer,
    jwks: cognito.tokenKey.jwks,
    clientId: cognito.clientId,
    log,
  });

  // The local bot listens where Telegram would post its updates: the site's webhook route.
  {
    const { setTelegramWebhook } = await import('../../lambdas/features/channels/telegram.ts');
    await setTelegramWebhook(LOCAL_TELEGRAM_BOT.token, `${siteUrl}/api/telegram/webhook`);
  }

  let sesRequests = 0;
  ses.server.on('request', () => sesRequests++);
  const sendPoller = startSendPoller(sqs.queueUrl, senders, log, { threads: options.senderThreads });
  wakeSenders = () => sendPoller.wake();
  const stopScheduler = options.runScheduler
    ? scheduleHourly(async () => {
        const { handler } = await import('../../lambdas/handlers/jobs/reminderJob.ts');
        const result = await handler({ trigger: 'local-timer' });
        log(
          `reminder job ran (${result.date}): ${result.items_processed} sent, ${result.errors.length} errors`,
        );
      }, log)
    : () => undefined;

  const endpoints: StackEndpoints = {
    appUrl: adapter.url,
    dynamoEndpoint: dynamo.endpoint,
    sesEndpoint: ses.endpoint,
    cognitoEndpoint: cognito.url,
    userPoolId: cognito.userPoolId,
    clientId: cognito.clientId,
    tableName: LOCAL_TABLE,
    sqsEndpoint: sqs.endpoint,
    sendQueueUrl: sqs.queueUrl,
    senders,
  };
  // For the CLIs (job:run, admin:grant) that act on this running stack from another process.
  writeRunningStack(options.dataDir, { pid: process.pid, ...endpoints, siteUrl });

  return {
    ...endpoints,
    mailboxUrl: `http://localhost:${new URL(ses.endpoint).port}`,
    sendPoller,
    requestCounts: () => ({ dynamodb: dynamo.requests(), ses: sesRequests }),
    dvlaRequests: dvla.requests,
    dvlaUrl: dvla.url,
    inbox,
    pushService,
    telegram,
    ntfy,
    webhooks,
    async stop() {
      stopScheduler();
      await sendPoller.stop();
      await sqs.stop();
      await dvla.close();
      await inbox.close();
      await pushService?.stop();
      await telegram.stop();
      await ntfy.stop();
      await webhooks.stop();
      removeRunningStack(options.dataDir);
      await adapter.stop();
      await cognito.stop();
      await ses.stop();
      await dynamo.stop();
    },
  };
}

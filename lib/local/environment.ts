/**
 * The environment the CDK stack gives each Lambda, pointed at the local stand-ins; set on this
 * process (the handlers run in it) by the local stack and by the CLIs that attach to a running one.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_FEATURE_FLAGS } from '../../shared/flags.ts';
import { resetClients } from '../../lambdas/runtime/clients.ts';
import { resetEnvCache } from '../../lambdas/runtime/env.ts';
import { LOCAL_DVLA_KEY } from './dvla.ts';
import { LOCAL_TELEGRAM_BOT } from './telegram.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const LOCAL_TABLE = 'renewal-reminders-local';
export const LOCAL_EMAIL_FROM = 'Renewal Reminders <reminders@renewal-reminders.local>';

export interface LocalEndpoints {
  siteUrl: string;
  dynamoEndpoint: string;
  sesEndpoint: string;
  emailProvider: 'ses' | 'disabled';
  cognitoEndpoint?: string;
  userPoolId?: string;
  userPoolClientId?: string;
  /** The send queue (fauxqs) and how many local senders poll it. */
  sqsEndpoint?: string;
  sendQueueUrl?: string;
  senders?: number;
  /** The seed of the local VAPID keys (lib/local/secretFile.ts). */
  pushSeed?: string;
  /** The local stage's signing key, made at its first start (lib/local/secretFile.ts). */
  signingSecret?: string;
  /** The DVLA stand-in (lib/local/dvla.ts). */
  dvlaUrl?: string;
  /** The stack's fake push service (lib/local/fakePush.ts): the one plain-http push endpoint taken. */
  pushOrigin?: string;
  /** The Telegram Bot API stand-in (lib/local/telegram.ts): the local bot lives there. */
  telegramApiUrl?: string;
  /**
   * The channel stand-ins' exact origins (the ntfy server and the webhook receiver): the only
   * plain-http addresses a channel may have.
   */
  channelOrigins?: readonly string[];
}

/**
 * The local stage's origin secret, new on each start: the adapter adds it to every API request as
 * CloudFront does, so the API's check runs locally too.
 */
/** The local stack's inbox addresses are at this domain (no DNS needed: the stand-in takes them). */
export const LOCAL_INBOX_DOMAIN = 'inbox.localhost';

const LOCAL_ORIGIN_SECRET = randomBytes(24).toString('base64url');

export function applyLambdaEnvironment(stack: LocalEndpoints): void {
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
    // No CloudWatch here to read EMF lines; POWERTOOLS_METRICS_DISABLED=false prints them.
    POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? 'true',
    // No X-Ray here: the Tracer is off as the stack sets it where a stage does not trace. (It is off
    // outside Lambda anyway, having no AWS_EXECUTION_ENV, and read the environment when it loaded.)
    POWERTOOLS_TRACE_ENABLED: 'false',
    API_URL: `${stack.siteUrl}/api`,
    // The renewal inbox's addresses: mail to them reaches the SMTP stand-in (lib/local/inboxSmtp.ts).
    INBOX_DOMAIN: LOCAL_INBOX_DOMAIN,
    ORIGIN_VERIFY: process.env.ORIGIN_VERIFY ?? LOCAL_ORIGIN_SECRET,
    // The local stage shows both flags' effects; FEATURE_FLAGS in the environment overrides.
    FEATURE_FLAGS:
      process.env.FEATURE_FLAGS ?? JSON.stringify({ ...DEFAULT_FEATURE_FLAGS, country_cta_v1: true }),
    ...(stack.cognitoEndpoint ? { COGNITO_ENDPOINT: stack.cognitoEndpoint } : {}),
    ...(stack.userPoolId ? { USER_POOL_ID: stack.userPoolId } : {}),
    ...(stack.userPoolClientId ? { USER_POOL_CLIENT_ID: stack.userPoolClientId } : {}),
    ...(stack.sqsEndpoint ? { SQS_ENDPOINT: stack.sqsEndpoint } : {}),
    ...(stack.sendQueueUrl ? { SEND_QUEUE_URL: stack.sendQueueUrl } : {}),
    ...(stack.senders ? { SENDER_CONCURRENCY: String(stack.senders) } : {}),
    ...(stack.pushSeed ? { PUSH_SEED: stack.pushSeed } : {}),
    ...(stack.signingSecret ? { UNSUBSCRIBE_SECRET: stack.signingSecret } : {}),
    ...(stack.dvlaUrl ? { DVLA_API_URL: stack.dvlaUrl, DVLA_API_KEY: LOCAL_DVLA_KEY } : {}),
  });
  // Not carried over from an earlier stack in this process: without a service, no http endpoint.
  if (stack.pushOrigin) process.env.LOCAL_PUSH_ORIGIN = stack.pushOrigin;
  else delete process.env.LOCAL_PUSH_ORIGIN;
  // The local bot on its stand-in, and the channel stand-ins' origins (the same rule: only these).
  if (stack.telegramApiUrl) {
    Object.assign(process.env, {
      TELEGRAM_API_URL: stack.telegramApiUrl,
      TELEGRAM_BOT_TOKEN: LOCAL_TELEGRAM_BOT.token,
      TELEGRAM_BOT_USERNAME: LOCAL_TELEGRAM_BOT.username,
    });
  } else {
    for (const name of ['TELEGRAM_API_URL', 'TELEGRAM_BOT_TOKEN', 'TELEGRAM_BOT_USERNAME'])
      delete process.env[name];
  }
  if (stack.channelOrigins?.length) process.env.LOCAL_CHANNEL_ORIGINS = stack.channelOrigins.join(',');
  else delete process.env.LOCAL_CHANNEL_ORIGINS;
  resetEnvCache();
  resetClients();
}

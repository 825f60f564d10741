import { RemovalPolicy } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct, Node } from 'constructs';
import { PRODUCT_NAME } from '../shared/brand.ts';

import { parseFeatureFlags, type EmailProvider, type FeatureFlags } from '../shared/flags.ts';

import {
  optionalBoolean,
  optionalEmail,
  optionalString,
  readDvla,
  readInbox,
  readLambdaRuntime,
  readMailSettings,
  readTelegram,
  readWebAcl,
  type DvlaSettings,
  type InboxSettings,
  type LambdaRuntime,
  type MailSettings,
  type TelegramSettings,
} from './stageSettings.ts';

export { DEFAULT_FEATURE_FLAGS, type EmailProvider, type FeatureFlags } from '../shared/flags.ts';
export {
  DEFAULT_INBOX_REGION,
  DEFAULT_LAMBDA_RUNTIME,
  DVLA_API_URL,
  INBOX_REGIONS,
  LAMBDA_RUNTIMES,
} from './stageSettings.ts';

/** Everything a stage can vary, read once from CDK context (`cdk synth -c stage=prod -c domain=…`). */
export interface StageConfig {
  stage: string;
  /**
   * The region of the stage's own stack: context `region` (`-c region=…` or cdk.json), else
   * DEFAULT_REGION. Never the CLI's region: the CDK CLI always sets one (us-east-1 when nothing
   * is configured), which would move a stage without a word (lib/app.ts checks the two agree).
   */
  region: string;
  /** 'prod' keeps data on stack deletion and turns on deletion protection. */
  isProd: boolean;
  /** Mail (and, with certificateArn, the site) domain. Optional: dev stages run on the CloudFront URL. */
  domain?: string;
  /**
   * The public URL the mails link to: context `siteUrl`, else https://{domain} when the distribution
   * serves the domain (`certificateArn` given); otherwise undefined, and the stack uses the
   * CloudFront distribution's own URL.
   */
  siteUrl?: string;
  emailProvider: EmailProvider;
  /** The address every mail is sent from: reminders@{domain} (or context `emailFromAddress`). */
  emailFromAddress: string;
  /** The From header: 'Renewal Reminders <reminders@…>' (Lambda env EMAIL_FROM). */
  emailFrom: string;
  featureFlags: FeatureFlags;
  /** ACM certificate (us-east-1) for `domain` on CloudFront; without it the distribution keeps its default name. */
  certificateArn?: string;
  /**
   * ACM certificate in the stack's region for `api.{domain}`: the HTTP API then answers on that name
   * only (CloudFront's /api/* origin) and its default execute-api endpoint is switched off.
   */
  apiCertificateArn?: string;
  /** A Route 53 public zone for `domain`: when given, the SES DKIM records are created in it. */
  hostedZoneId?: string;
  /** CloudWatch log retention for every log group of the stage. */
  logRetention: RetentionDays;
  /**
   * Who the stage's alarms reach: an e-mail subscription to its alarm topic (they confirm it from
   * the first mail). Without it the topic has no subscriber until one is added.
   */
  alarmEmail?: string;
  /**
   * X-Ray active tracing of every function (context `tracing=true|false`; on in prod, off elsewhere
   * by default). The HTTP API itself cannot be traced: API Gateway traces REST APIs only.
   */
  tracing: boolean;
  /**
   * Mail settings for a first deploy that works and stages that share one domain
   * (docs/decisions/0022). Only meaningful with `domain`.
   */
  mail: MailSettings;
  /**
   * The operations dashboard (context `dashboard=true|false`; on in prod, off elsewhere by default):
   * US$3 a month beyond an account's first three, for a stage nobody watches (docs/operations.md).
   */
  dashboard: boolean;
  /**
   * An errors-and-throttles alarm per function (context `functionAlarms=true|false`; on in prod, off
   * elsewhere by default): two metrics each, about US$8 a month at forty-odd functions. The stage's
   * own alarms (job, mail, API, table) stay on every stage.
   */
  functionAlarms: boolean;
  /**
   * The CloudFront web ACL and its us-east-1 stack (context `webAcl=true|false`, default true). A
   * non-prod stage may leave it out (US$10 a month of WAF for a stage only its team uses); prod
   * cannot. Without it the stage keeps its API throttles and the origin secret.
   */
  webAcl: boolean;
  /**
   * Context `webPlaceholder=true`: a synth without `npm run build:web` may ship the placeholder page.
   * Without it, a synth that bundles (`cdk synth`, `cdk deploy`) refuses to run with no web build.
   */
  webPlaceholder: boolean;
  /**
   * The DVLA's Vehicle Enquiry Service for 'Look up MOT and tax dates': context `dvlaKeySecret`, the
   * name of a Secrets Manager secret (in the stage's region) holding the API key, made by hand since
   * the key comes from the DVLA. Without it the look-up is off and its button hidden.
   */
  dvla?: DvlaSettings;
  /**
   * Telegram alerts: context `telegramBotSecret`, the name of a Secrets Manager secret (in the stage's
   * region) holding the bot's token from BotFather, made by hand; and `telegramBot`, the bot's
   * username (its t.me link). Without them Telegram is off and 'Connect Telegram' says so.
   */
  telegram?: TelegramSettings;
  /**
   * The Lambda runtime of every function of ours (context `lambdaRuntime`, one of LAMBDA_RUNTIMES;
   * default DEFAULT_LAMBDA_RUNTIME): a stage can move to the next Node.js before the others
   * (docs/operations.md, "Runtime").
   */
  lambdaRuntime: LambdaRuntime;
  /**
   * The renewal inbox's mail receiving (lib/inbox.ts): on every stage with a domain (and its own mail identity), at
   * `inbox.{domain}`, received in `inboxRegion` (default DEFAULT_INBOX_REGION, decision 0053). A stage
   * without a domain receives no mail: undefined, and the inbox's address is null.
   */
  inbox?: InboxSettings;
}

/**
 * Every context key a stage's settings are made of (readStageConfig reads each): what a stage file
 * (stages/{stage}.json, lib/stages.ts) may hold. The rest of the context is how one run goes
 * (RUN_OPTIONS) or CDK's own.
 */
export const STAGE_SETTINGS = [
  'region',
  'domain',
  'siteUrl',
  'emailProvider',
  'featureFlags',
  'certificateArn',
  'apiCertificateArn',
  'hostedZoneId',
  'logRetentionDays',
  'emailFromAddress',
  'alarmEmail',
  'tracing',
  'mailIdentity',
  'sesVerified',
  'sesSandbox',
  'mailFromDomain',
  'dmarcRecord',
  'dmarcReportEmail',
  'dashboard',
  'functionAlarms',
  'webAcl',
  'dvlaKeySecret',
  'dvlaApiUrl',
  'telegramBotSecret',
  'telegramBot',
  'lambdaRuntime',
  'inboxRegion',
] as const;
export type StageSetting = (typeof STAGE_SETTINGS)[number];

/**
 * Context that says how one run goes, not what the stage is: which stage, a quick synth, a first
 * create, a placeholder page, the first deploy of a route move. These stay on the command line.
 */
export const RUN_OPTIONS = ['stage', 'fast', 'firstCreate', 'webPlaceholder', 'withoutRoutes'] as const;

/** The region a stage lives in unless its context names another: London, where its users are. */
export const DEFAULT_REGION = 'eu-west-2';

/** The HTTP API's own name when the stage has an API certificate: CloudFront's /api/* origin. */
export const apiDomainName = (config: StageConfig) =>
  config.domain && config.apiCertificateArn ? `api.${config.domain}` : undefined;

/** Service name in Powertools logs and the prefix of the stack name. */
export const SERVICE_NAME = 'renewal-reminders';

/** The name of a stage's resources (user pool, API) and the label its alarms and comments carry. */
export const stageName = (config: StageConfig) => `${SERVICE_NAME}-${config.stage}`;

/** Stateful resources outlive the stack in prod; other stages clean up after themselves. */
export const removalPolicy = (config: StageConfig) =>
  config.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

/** A log group with the stage's retention and removal policy. */
export const stageLogGroup = (scope: Construct, id: string, config: StageConfig) =>
  new LogGroup(scope, id, { retention: config.logRetention, removalPolicy: removalPolicy(config) });

/** Reads and validates the stage's context; throws a readable error on a bad value. */
export function readStageConfig(node: Node): StageConfig {
  const stage = optionalString(node, 'stage') ?? 'dev';
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
    throw new Error(`Stage '${stage}' must be lower-case letters, digits and '-' (at most 20 characters)`);
  }
  const region = optionalString(node, 'region') ?? DEFAULT_REGION;
  if (!/^[a-z]{2}(-[a-z]+)+-\d$/.test(region)) {
    throw new Error(`Context 'region' must be an AWS region such as eu-west-2, not '${region}'`);
  }
  const domain = optionalString(node, 'domain');
  const certificateArn = optionalString(node, 'certificateArn');
  if (certificateArn && !domain)
    throw new Error("Context 'certificateArn' needs -c domain=<the certificate's domain>");
  if (certificateArn && !/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(certificateArn)) {
    throw new Error("Context 'certificateArn' must be an ACM certificate in us-east-1 (CloudFront's region)");
  }
  // The site is at https://{domain} only when CloudFront serves that name (it has the certificate);
  // a domain alone is the mail domain, and the site stays on the distribution's own URL.
  const siteUrl = (
    optionalString(node, 'siteUrl') ?? (domain && certificateArn ? `https://${domain}` : undefined)
  )?.replace(/\/$/, '');
  if (siteUrl && !/^https?:\/\/[^/]+$/.test(siteUrl)) {
    throw new Error(`Context 'siteUrl' must be an origin such as https://example.com, not '${siteUrl}'`);
  }

  const apiCertificateArn = optionalString(node, 'apiCertificateArn');
  if (apiCertificateArn && !domain)
    throw new Error("Context 'apiCertificateArn' needs -c domain=<the domain whose api. name it covers>");
  if (
    apiCertificateArn &&
    !/^arn:aws[a-z-]*:acm:[a-z0-9-]+:\d{12}:certificate\/[\w-]+$/.test(apiCertificateArn)
  ) {
    throw new Error("Context 'apiCertificateArn' must be an ACM certificate ARN (in the stack's region)");
  }
  // A regional API takes its certificate from its own region: one from us-east-1 (CloudFront's)
  // synthesizes, then fails the deploy at the custom domain.
  const apiCertificateRegion = apiCertificateArn?.split(':')[3];
  if (apiCertificateRegion !== undefined && apiCertificateRegion !== region) {
    throw new Error(
      `Context 'apiCertificateArn' must be an ACM certificate in the stage's region (${region}), not ${apiCertificateRegion}: API Gateway takes a regional API's certificate from its own region (the us-east-1 one is certificateArn, for CloudFront)`,
    );
  }

  const emailProvider = optionalString(node, 'emailProvider') ?? (domain ? 'ses' : 'disabled');
  if (emailProvider !== 'ses' && emailProvider !== 'disabled') {
    throw new Error(`Context 'emailProvider' must be 'ses' or 'disabled', not '${emailProvider}'`);
  }
  if (emailProvider === 'ses' && !domain) {
    throw new Error("emailProvider 'ses' needs the sending domain: add -c domain=<your domain>");
  }

  const retention = Number(node.tryGetContext('logRetentionDays') ?? (stage === 'prod' ? 90 : 14));
  if (
    !(Object.values(RetentionDays) as unknown[]).includes(retention) ||
    retention === RetentionDays.INFINITE
  ) {
    throw new Error(
      `Context 'logRetentionDays' must be a CloudWatch retention period (1, 3, 5, 7, 14, 30, 60, 90, …)`,
    );
  }
  const emailFromAddress = optionalString(node, 'emailFromAddress') ?? `reminders@${domain ?? 'example.com'}`;
  const alarmEmail = optionalEmail(node, 'alarmEmail');
  const hostedZoneId = optionalString(node, 'hostedZoneId');
  if (hostedZoneId && !domain) throw new Error("Context 'hostedZoneId' needs -c domain=<the zone's domain>");
  if (hostedZoneId && !/^Z[A-Z0-9]{1,31}$/.test(hostedZoneId)) {
    throw new Error(
      `Context 'hostedZoneId' must be a Route 53 zone id such as Z0123456789ABCDEFGHIJ (without /hostedzone/), not '${hostedZoneId}'`,
    );
  }

  return {
    stage,
    region,
    isProd: stage === 'prod',
    domain,
    siteUrl,
    emailProvider,
    emailFromAddress,
    emailFrom: `${PRODUCT_NAME} <${emailFromAddress}>`,
    featureFlags: parseFeatureFlags(node.tryGetContext('featureFlags')),
    certificateArn,
    apiCertificateArn,
    hostedZoneId,
    logRetention: retention as RetentionDays,
    alarmEmail,
    tracing: optionalBoolean(node, 'tracing') ?? stage === 'prod',
    mail: readMailSettings(node, domain),
    dashboard: optionalBoolean(node, 'dashboard') ?? stage === 'prod',
    functionAlarms: optionalBoolean(node, 'functionAlarms') ?? stage === 'prod',
    webAcl: readWebAcl(node, stage),
    webPlaceholder: optionalBoolean(node, 'webPlaceholder') ?? false,
    dvla: readDvla(node),
    telegram: readTelegram(node),
    lambdaRuntime: readLambdaRuntime(node),
    inbox: readInbox(node, domain),
  };
}

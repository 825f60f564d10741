import { RemovalPolicy } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct, Node } from 'constructs';
import * as z from 'zod';
import { PRODUCT_NAME } from '../shared/brand.ts';

import { parseFeatureFlags, type EmailProvider, type FeatureFlags } from '../shared/flags.ts';

export { DEFAULT_FEATURE_FLAGS, type EmailProvider, type FeatureFlags } from '../shared/flags.ts';

/** Everything a stage can vary, read once from CDK context (`cdk synth -c stage=prod -c domain=…`). */
export interface StageConfig {
  stage: string;
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
}

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

function optionalString(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context '${key}' must be a string`);
  return value;
}

/** Reads and validates the stage's context; throws a readable error on a bad value. */
export function readStageConfig(node: Node): StageConfig {
  const stage = optionalString(node, 'stage') ?? 'dev';
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
    throw new Error(`Stage '${stage}' must be lower-case letters, digits and '-' (at most 20 characters)`);
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
  const alarmEmail = optionalString(node, 'alarmEmail');
  if (alarmEmail !== undefined && !z.email().safeParse(alarmEmail).success) {
    throw new Error(`Context 'alarmEmail' must be an e-mail address, not '${alarmEmail}'`);
  }

  return {
    stage,
    isProd: stage === 'prod',
    domain,
    siteUrl,
    emailProvider,
    emailFromAddress,
    emailFrom: `${PRODUCT_NAME} <${emailFromAddress}>`,
    featureFlags: parseFeatureFlags(node.tryGetContext('featureFlags')),
    certificateArn,
    apiCertificateArn,
    hostedZoneId: optionalString(node, 'hostedZoneId'),
    logRetention: retention as RetentionDays,
    alarmEmail,
  };
}

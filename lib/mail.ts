import { Arn, CfnOutput, Duration, Stack, Token, Validations } from 'aws-cdk-lib';
import { EventBus, Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Grant, type IGrantable } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFn } from 'aws-cdk-lib/aws-lambda';
import { PublicHostedZone, TxtRecord } from 'aws-cdk-lib/aws-route53';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import {
  ConfigurationSet,
  ConfigurationSetEventDestination,
  ConfigurationSetTlsPolicy,
  EmailIdentity,
  EmailSendingEvent,
  EventDestination,
  Identity,
  type IEmailIdentity,
  MailFromBehaviorOnMxFailure,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { removalPolicy, stageName, type StageConfig } from './config.ts';
import type { Data } from './data.ts';
import { AppFunction, FailureQueue } from './function.ts';

export interface MailProps {
  config: StageConfig;
}

/**
 * The SES event types the configuration set publishes to EventBridge (lambdas/handlers/events/sesEvents.ts):
 * bounces and complaints suppress the address; a send records a digest whose sender died after SES
 * accepted it (lambdas/store/sending/digests.ts).
 */
export const SES_EVENT_TYPES = [
  EmailSendingEvent.BOUNCE,
  EmailSendingEvent.COMPLAINT,
  EmailSendingEvent.SEND,
] as const;

/** EventBridge detail-types of those SES events (source aws.ses). */
export const SES_EVENT_DETAIL_TYPES = ['Email Bounced', 'Email Complaint Received', 'Email Sent'] as const;

/**
 * The domain's DMARC policy: monitor only (`p=none`), which is what the Gmail and Yahoo bulk-sender
 * rules ask for, with aggregate reports to `dmarcReportEmail` when one is given. Tighten to
 * quarantine or reject once the reports show every legitimate sender aligned.
 */
export const dmarcRecordValue = (reportEmail?: string) =>
  `v=DMARC1; p=none;${reportEmail ? ` rua=mailto:${reportEmail}` : ''}`;

/** The SPF record SES wants on a custom MAIL FROM domain (CDK writes the same one in a zone). */
export const MAIL_FROM_SPF = 'v=spf1 include:amazonses.com ~all';

/** Length of the generated unsubscribe signing key (letters and digits only). */
export const UNSUBSCRIBE_KEY_LENGTH = 64;

/**
 * SES v2: a configuration set every send goes through (account suppression list for bounces and
 * complaints, TLS required, reputation metrics) and, when the stage has a domain, the domain identity
 * the product sends from (docs/decisions/0022).
 *
 * The stage that owns the identity (`mailIdentity=own`, the default) creates it with a custom MAIL
 * FROM domain; with `-c hostedZoneId=…` it writes the DKIM CNAMEs, the MAIL FROM MX and SPF records
 * and the DMARC record into that Route 53 zone, otherwise it prints them as outputs to publish. A
 * stage with `mailIdentity=shared` refers to the identity of the same name that another stage of the
 * account and region owns. The domain must be verified before mail flows; Cognito sends through SES
 * only once `sesVerified=true` says so. A new SES account is in the sandbox until production access
 * is granted (`sesSandbox=true` until then).
 */
export class Mail extends Construct {
  readonly configurationSet: ConfigurationSet;
  /** The domain identity the stage sends from: its own, or the shared one (by name). */
  readonly identity?: IEmailIdentity;
  /** The identity this stage created (`mailIdentity=own`), with its DNS records. */
  readonly ownIdentity?: EmailIdentity;
  /** Bounce and complaint events of the configuration set, to the account's default event bus. */
  readonly eventDestination: ConfigurationSetEventDestination;
  /**
   * HMAC key of the unsubscribe links and of the suppression list's address hashes
   * (lambdas/runtime/signingKey.ts): a generated string, one per stage, which is version v1 of the
   * keyring; a rotation replaces it with JSON listing the versions (docs/decisions/0012).
   */
  readonly unsubscribeSecret: Secret;
  /**
   * The seed of the stage's VAPID keys, which sign every push notification (lambdas/features/push/vapid.ts,
   * docs/decisions/0035): a generated string, one per stage, from which the key pair is derived.
   */
  readonly pushSeedSecret: Secret;

  private readonly config: StageConfig;

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    const { config } = props;
    this.config = config;
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      tlsPolicy: ConfigurationSetTlsPolicy.REQUIRE,
      reputationMetrics: true,
      sendingEnabled: true,
    });
    // SES can publish to the default bus only; the MailEvents construct's rule picks them up there.
    this.eventDestination = this.configurationSet.addEventDestination('ToEventBridge', {
      destination: EventDestination.eventBus(EventBus.fromEventBusName(this, 'DefaultBus', 'default')),
      events: [...SES_EVENT_TYPES],
    });

    this.unsubscribeSecret = new Secret(this, 'UnsubscribeKey', {
      description: `${stageName(config)}: HMAC key of the unsubscribe links in mails`,
      generateSecretString: {
        passwordLength: UNSUBSCRIBE_KEY_LENGTH,
        excludePunctuation: true,
        includeSpace: false,
      },
      // Losing the key would break every unsubscribe link already mailed.
      removalPolicy: removalPolicy(config),
    });
    Validations.of(this.unsubscribeSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Not rotated automatically: the key signs the unsubscribe links of mails already sent (RFC 8058 one-click, no expiry), so a rotation is a manual keyring step that keeps the old version verifying until it must go (docs/decisions/0012). It never leaves AWS: only the functions that sign or verify links or hash suppressed addresses may read it.',
    });

    this.pushSeedSecret = new Secret(this, 'PushKey', {
      description: `${stageName(config)}: seed of the VAPID keys that sign push notifications`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
      // A new seed is a new key pair: every browser's subscription would stop working.
      removalPolicy: removalPolicy(config),
    });
    Validations.of(this.pushSeedSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Not rotated automatically: browsers subscribe with the public key derived from it, so a new seed silently ends every push subscription (docs/decisions/0035). Only the functions that send pushes or hand the public key to the browser may read it.',
    });

    if (config.domain && config.mail.identity === 'shared') {
      // Another stage of this account and region owns it (an identity is unique per account and
      // region); SES authorizes sends against the identity's ARN, the same whoever created it.
      this.identity = EmailIdentity.fromEmailIdentityName(this, 'DomainIdentity', config.domain);
    } else if (config.domain) {
      this.ownIdentity = this.createIdentity(config, config.domain);
      this.identity = this.ownIdentity;
    }
  }

  /** The domain identity with DKIM, a custom MAIL FROM domain and DMARC: in the zone, else as outputs. */
  private createIdentity(config: StageConfig, domain: string): EmailIdentity {
    const stack = Stack.of(this);
    const { mailFromDomain, dmarcRecord, dmarcReportEmail } = config.mail;
    const zone = config.hostedZoneId
      ? PublicHostedZone.fromHostedZoneAttributes(this, 'Zone', {
          hostedZoneId: config.hostedZoneId,
          zoneName: domain,
        })
      : undefined;
    // With a zone, CDK writes the three DKIM CNAMEs and, for mailFromDomain, its MX record (SES's
    // feedback endpoint of this region) and SPF record.
    const identity = new EmailIdentity(this, 'DomainIdentity', {
      identity: zone ? Identity.publicHostedZone(zone) : Identity.domain(domain),
      configurationSet: this.configurationSet,
      mailFromDomain,
      // Until the MAIL FROM records resolve, SES sends with its own amazonses.com MAIL FROM.
      mailFromBehaviorOnMxFailure: MailFromBehaviorOnMxFailure.USE_DEFAULT_VALUE,
    });
    const dmarc = dmarcRecordValue(dmarcReportEmail);
    if (zone) {
      if (dmarcRecord) {
        new TxtRecord(this, 'Dmarc', { zone, recordName: `_dmarc.${domain}`, values: [dmarc] });
      }
      return identity;
    }
    identity.dkimRecords.forEach((record, i) => {
      new CfnOutput(stack, `DkimRecord${i + 1}`, {
        description: `SES DKIM CNAME ${i + 1} to publish for ${domain}`,
        value: `${record.name} CNAME ${record.value}`,
      });
    });
    if (mailFromDomain) {
      new CfnOutput(stack, 'MailFromMxRecord', {
        description: `MX record of the MAIL FROM domain to publish for ${domain}`,
        value: `${mailFromDomain} MX 10 feedback-smtp.${stack.region}.amazonses.com`,
      });
      new CfnOutput(stack, 'MailFromSpfRecord', {
        description: `SPF record of the MAIL FROM domain to publish for ${domain}`,
        value: `${mailFromDomain} TXT "${MAIL_FROM_SPF}"`,
      });
    }
    if (dmarcRecord) {
      new CfnOutput(stack, 'DmarcRecord', {
        description: `DMARC record to publish for ${domain}`,
        value: `_dmarc.${domain} TXT "${dmarc}"`,
      });
    }
    return identity;
  }

  get configurationSetName(): string {
    return this.configurationSet.configurationSetName;
  }

  /**
   * ses:SendEmail for the domain identity through the configuration set (SES v2 authorizes both).
   * In the SES sandbox (`sesSandbox=true`) SES also authorizes the recipient's own identity (a
   * verified address), so the grant then covers every identity of the account in this region.
   * A no-op without a domain: the stage's EMAIL_PROVIDER is then 'disabled' and nothing is sent.
   */
  grantSend(grantee: IGrantable): void {
    if (!this.identity) return;
    const stack = Stack.of(this);
    const sandbox = this.config.mail.sesSandbox;
    Grant.addToPrincipal({
      grantee,
      actions: ['ses:SendEmail', 'ses:SendRawEmail'],
      resourceArns: [
        this.identity.emailIdentityArn,
        ...(sandbox ? [this.anyIdentityArn()] : []),
        Arn.format(
          { service: 'ses', resource: 'configuration-set', resourceName: this.configurationSetName },
          stack,
        ),
      ],
    });
    if (sandbox && grantee instanceof Construct) {
      const literal = (value: string, pseudo: string) => (Token.isUnresolved(value) ? pseudo : value);
      const finding = `arn:<AWS::Partition>:ses:${literal(stack.region, '<AWS::Region>')}:${literal(stack.account, '<AWS::AccountId>')}:identity/*`;
      Validations.of(grantee).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${finding}]`,
        reason:
          "sesSandbox=true: in the SES sandbox SES authorizes each recipient's own verified identity as well as the sender's, so a grant on the domain identity alone refuses every send. Any identity of this account and region, and only while the account is in the sandbox (docs/decisions/0022).",
      });
    }
  }

  /** Every SES identity of the account in this region (the sandbox's verified recipients). */
  private anyIdentityArn(): string {
    return Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: '*' });
  }

  /**
   * The self-check handshake: ses:GetAccount (sending enabled, quota; an account-level action with no
   * resource-level permissions) and the domain identity's verification status.
   */
  grantStatus(grantee: IGrantable): void {
    this.grantGetAccount(grantee);
    if (this.identity) this.identity.grant(grantee, 'ses:GetEmailIdentity');
  }

  /**
   * ses:GetAccount alone, for a sender that paces itself to the account's MaxSendRate (the reminder job).
   * A no-op without a domain, like grantSend: nothing is sent, so the quota is never read.
   */
  grantSendQuota(grantee: IGrantable): void {
    if (this.identity) this.grantGetAccount(grantee);
  }

  /**
   * Read access to the unsubscribe key for a function that signs or verifies unsubscribe links or
   * hashes suppressed addresses, and the key's ARN in its environment (UNSUBSCRIBE_SECRET_ARN). No
   * other function gets either.
   */
  grantUnsubscribeKey(fn: LambdaFn): void {
    this.unsubscribeSecret.grantRead(fn);
    fn.addEnvironment('UNSUBSCRIBE_SECRET_ARN', this.unsubscribeSecret.secretArn);
  }

  /** Read access to the push key's seed, and its ARN in the environment (PUSH_SEED_SECRET_ARN). */
  grantPushKey(fn: LambdaFn): void {
    this.pushSeedSecret.grantRead(fn);
    fn.addEnvironment('PUSH_SEED_SECRET_ARN', this.pushSeedSecret.secretArn);
  }

  private grantGetAccount(grantee: IGrantable): void {
    Grant.addToPrincipal({ grantee, actions: ['ses:GetAccount'], resourceArns: ['*'] });
    if (grantee instanceof Construct) {
      Validations.of(grantee).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'ses:GetAccount is an account-level action: IAM supports no resource for it.',
      });
    }
  }
}

export interface MailEventsProps {
  config: StageConfig;
  data: Data;
  mail: Mail;
  environment: Record<string, string>;
}

/**
 * Bounces and complaints of our configuration set, from the default event bus to a function that
 * puts the address on the product's suppression list (the reminder job skips it). The table, and the
 * stage's key: the list stores a keyed hash of the address, never the address.
 */
export class MailEvents extends Construct {
  readonly handler: AppFunction;
  readonly rule: Rule;
  readonly failures: FailureQueue;

  constructor(scope: Construct, id: string, props: MailEventsProps) {
    super(scope, id);
    const { config, data, mail } = props;
    this.failures = new FailureQueue(this, 'Failures', {
      config,
      purpose: 'SES bounce, complaint and send events that could not be handled',
    });
    this.handler = new AppFunction(this, 'Handler', {
      config,
      entry: 'lambdas/handlers/events/sesEvents.ts',
      description: 'SES events: suppresses bounced and complaining addresses, records sent digests',
      environment: props.environment,
      failureQueue: this.failures.queue,
    });
    data.grantReadWrite(this.handler.fn);
    mail.grantUnsubscribeKey(this.handler.fn);

    this.rule = new Rule(this, 'Rule', {
      description: `SES bounces, complaints and sends of ${stageName(config)}`,
      eventPattern: {
        source: ['aws.ses'],
        detailType: [...SES_EVENT_DETAIL_TYPES],
        // Only our configuration set's mail (another stage's rule gets its own).
        detail: { mail: { tags: { 'ses:configuration-set': [mail.configurationSetName] } } },
      },
      targets: [
        new LambdaFunction(this.handler.fn, {
          deadLetterQueue: this.failures.queue,
          retryAttempts: 8,
          maxEventAge: Duration.hours(6),
        }),
      ],
    });
  }
}

import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { CnameRecord, type IHostedZone, MxRecord, PublicHostedZone } from 'aws-cdk-lib/aws-route53';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type CfnBucket,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import {
  EmailIdentity,
  Identity,
  type IReceiptRuleAction,
  ReceiptRule,
  ReceiptRuleSet,
  TlsPolicy,
} from 'aws-cdk-lib/aws-ses';
import { LambdaInvocationType } from 'aws-cdk-lib/aws-ses-actions';
import { Construct } from 'constructs';
import { stageName, type StageConfig } from './config.ts';
import type { InboxSettings } from './stageSettings.ts';
import type { Data } from './data.ts';
import { AppFunction, FailureQueue } from './function.ts';
import type { Mail } from './mail.ts';
import { nagReference } from './nagReference.ts';

/** Where SES puts each mail in the bucket: the prefix, then the mail's SES message id. */
export const INBOX_MAIL_PREFIX = 'mail/';
/** The bucket's backstop: a mail the function did not delete goes after this many days. */
export const INBOX_OBJECT_DAYS = 1;
/** The mail function reads a mail within the reading's own 20 s deadline, plus the store's calls. */
export const INBOX_MAIL_TIMEOUT = Duration.seconds(60);
/** Memory of the two functions that read letters (PDF.js and OCR): 2 GB buys about 1.2 vCPU. */
export const INBOX_READER_MEMORY_MB = 2048;
/** The receipt rule's name in the stage's rule set (its ARN conditions the bucket and the function). */
export const INBOX_RULE_NAME = 'inbox';

/** The rule set of a stage: one per stage, activated by hand (docs/deploying.md, decision 0053). */
export const inboxRuleSetName = (config: StageConfig) => `${stageName(config)}-inbox`;

/** SES's inbound SMTP endpoint of a region: the inbox domain's MX target. */
export const inboundSmtpHost = (region: string) => `inbound-smtp.${region}.amazonaws.com`;

export interface InboxReceivingProps {
  config: StageConfig;
  inbox: InboxSettings;
  /** The stage's table (in another region when the inbox receives elsewhere: TABLE_REGION says which). */
  data: Data;
  /** The environment of the stage's functions. */
  environment: Record<string, string>;
  /** The stage's sending (in the stage's region): the mail saying a letter was read goes through it. */
  mail: Mail;
  /**
   * The inbox domain's SES identity: the stage's domain identity covers it in the stage's own region;
   * in another region this construct makes one for `inbox.{domain}`.
   */
  ownIdentity: boolean;
}

/**
 * The bucket SES writes each mail to, for the seconds until the function reads and deletes it; SES
 * writes on behalf of this rule (`ruleArn`) of this account only.
 */
function mailBucket(scope: Construct, ruleArn: string): Bucket {
  const bucket = new Bucket(scope, 'Mail', {
    encryption: BucketEncryption.S3_MANAGED,
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
    enforceSSL: true,
    lifecycleRules: [{ id: 'Backstop', expiration: Duration.days(INBOX_OBJECT_DAYS) }],
    // Nothing in it outlives a day: it goes with the stack on every stage.
    removalPolicy: RemovalPolicy.DESTROY,
    autoDeleteObjects: false,
  });
  Validations.of(bucket).acknowledge({
    id: 'AwsSolutions-S1',
    reason:
      'A hand-over of inbound mail that lives for seconds (the function deletes each mail, a lifecycle rule anything left after a day); access logs would keep a trace of every user letter longer than the letter itself.',
  });
  bucket.addToResourcePolicy(
    new PolicyStatement({
      effect: Effect.ALLOW,
      principals: [new ServicePrincipal('ses.amazonaws.com')],
      actions: ['s3:PutObject'],
      resources: [bucket.arnForObjects(`${INBOX_MAIL_PREFIX}*`)],
      conditions: {
        StringEquals: { 'aws:SourceAccount': Stack.of(scope).account, 'aws:SourceArn': ruleArn },
      },
    }),
  );
  return bucket;
}

/**
 * The function that reads each mail (read, then delete, under the prefix only) and files what it
 * says, invoked by SES for this rule only.
 */
function mailHandler(
  scope: Construct,
  props: InboxReceivingProps,
  { bucket, failures }: Pick<InboxReceiving, 'bucket' | 'failures'>,
  ruleArn: string,
): AppFunction {
  const { config, inbox } = props;
  const stack = Stack.of(scope);
  const tableRegion = Stack.of(props.data).region;
  const handler = new AppFunction(scope, 'Handler', {
    config,
    entry: 'lambdas/handlers/events/inboxMail.ts',
    description: `Renewal inbox: reads a mail to ${inbox.domain} and files what it says`,
    environment: {
      ...props.environment,
      INBOX_BUCKET: bucket.bucketName,
      INBOX_PREFIX: INBOX_MAIL_PREFIX,
      INBOX_DOMAIN: inbox.domain,
      ...(tableRegion !== stack.region ? { TABLE_REGION: tableRegion } : {}),
    },
    memorySize: INBOX_READER_MEMORY_MB,
    timeout: INBOX_MAIL_TIMEOUT,
    failureQueue: failures.queue,
  });
  props.data.grantReadWrite(handler.fn);
  // 'Your renewal inbox received a letter' (lambdas/features/inbox/receive.ts), with its signed unsubscribe
  // link: sent through the stage's identity, in the stage's region (TABLE_REGION when elsewhere).
  props.mail.grantSend(handler.fn);
  props.mail.grantUnsubscribeKey(handler.fn);
  // The mails under the prefix only: read, then delete. Nothing lists the bucket.
  handler.fn.addToRolePolicy(
    new PolicyStatement({
      actions: ['s3:GetObject', 's3:DeleteObject'],
      resources: [bucket.arnForObjects(`${INBOX_MAIL_PREFIX}*`)],
    }),
  );
  Validations.of(handler).acknowledge({
    id: `AwsSolutions-IAM5[Resource::${nagReference(handler, bucket.node.defaultChild as CfnBucket, 'Arn')}/${INBOX_MAIL_PREFIX}*]`,
    reason: 'Each mail is its own object, named by SES: the prefix is the narrowest resource.',
  });
  handler.fn.addPermission('AllowSesInvoke', {
    principal: new ServicePrincipal('ses.amazonaws.com'),
    action: 'lambda:InvokeFunction',
    sourceAccount: stack.account,
    sourceArn: ruleArn,
  });
  return handler;
}

/**
 * The inbox subdomain alone, verified by its own DKIM records (in the zone, or as outputs to
 * publish): the stage's domain identity (and its records) stays in the stage's region.
 */
function inboxIdentity(scope: Construct, domain: string, zone: IHostedZone | undefined): void {
  const identity = new EmailIdentity(scope, 'Identity', { identity: Identity.domain(domain) });
  identity.dkimRecords.forEach((record, i) => {
    if (zone)
      new CnameRecord(scope, `Dkim${i + 1}`, { zone, recordName: record.name, domainName: record.value });
    else
      new CfnOutput(Stack.of(scope), `InboxDkimRecord${i + 1}`, {
        description: `SES DKIM CNAME ${i + 1} of the inbox domain to publish`,
        value: `${record.name} CNAME ${record.value}`,
      });
  });
}

/** The rule: mail to the inbox domain, over TLS, scanned, stored, then the function told. */
function receiptRule(
  scope: Construct,
  domain: string,
  { ruleSet, bucket, handler }: Pick<InboxReceiving, 'ruleSet' | 'bucket' | 'handler'>,
): ReceiptRule {
  const store: IReceiptRuleAction = {
    bind: () => ({
      s3Action: { bucketName: bucket.bucketName, objectKeyPrefix: INBOX_MAIL_PREFIX },
    }),
  };
  const invoke: IReceiptRuleAction = {
    bind: () => ({
      lambdaAction: {
        functionArn: handler.fn.functionArn,
        invocationType: LambdaInvocationType.EVENT,
      },
    }),
  };
  const rule = new ReceiptRule(scope, 'Rule', {
    ruleSet,
    receiptRuleName: INBOX_RULE_NAME,
    // The inbox domain alone: SES refuses any other recipient in the SMTP conversation, unbilled.
    recipients: [domain],
    scanEnabled: true,
    // Letters carry personal data: no mail in clear text.
    tlsPolicy: TlsPolicy.REQUIRE,
    // Stored first, then the function told: it reads what the first action stored.
    actions: [store, invoke],
  });
  // SES checks it may write to the bucket and invoke the function when the rule is made.
  rule.node.addDependency(bucket.policy!, handler.fn.permissionsNode.findChild('AllowSesInvoke'));
  return rule;
}

/**
 * The renewal inbox's mail receiving (docs/architecture.md, decision 0053): SES receives mail for
 * `inbox.{domain}` only, scans it for spam and viruses, stores it in a private bucket (S3-managed
 * encryption: SES cannot write through a customer-managed default key without a key policy, and the
 * mail lives there for seconds) and invokes the mail function asynchronously, which reads it, hands
 * it to the use case and deletes it. SNS is not used: its action carries at most 150 KB of mail.
 *
 * CloudFormation cannot make a rule set the active one; that is a one-time step per account and
 * region (docs/deploying.md). An address SES does not know is refused in the SMTP conversation only
 * when no rule's recipients match it: this rule takes the whole inbox domain, so an unknown address
 * there is accepted (and billed) and then refused by the use case, which knows the users' addresses.
 */
export class InboxReceiving extends Construct {
  readonly bucket: Bucket;
  readonly ruleSet: ReceiptRuleSet;
  readonly rule: ReceiptRule;
  readonly handler: AppFunction;
  readonly failures: FailureQueue;

  constructor(scope: Construct, id: string, props: InboxReceivingProps) {
    super(scope, id);
    const { config, inbox } = props;
    const stack = Stack.of(this);
    const ruleSetName = inboxRuleSetName(config);
    const ruleArn = stack.formatArn({
      service: 'ses',
      resource: 'receipt-rule-set',
      resourceName: `${ruleSetName}:receipt-rule/${INBOX_RULE_NAME}`,
    });
    this.bucket = mailBucket(this, ruleArn);
    this.failures = new FailureQueue(this, 'Failures', {
      config,
      purpose: 'Inbox mails that could not be handled',
    });
    this.handler = mailHandler(this, props, this, ruleArn);

    const domain = inbox.domain.replace(/^inbox\./, '');
    const zone = config.hostedZoneId
      ? PublicHostedZone.fromHostedZoneAttributes(this, 'Zone', {
          hostedZoneId: config.hostedZoneId,
          zoneName: domain,
        })
      : undefined;
    if (props.ownIdentity) inboxIdentity(this, inbox.domain, zone);

    this.ruleSet = new ReceiptRuleSet(this, 'RuleSet', { receiptRuleSetName: ruleSetName });
    this.rule = receiptRule(this, inbox.domain, this);

    const host = inboundSmtpHost(stack.region);
    if (zone)
      new MxRecord(this, 'Mx', {
        zone,
        recordName: inbox.domain,
        values: [{ priority: 10, hostName: host }],
      });
    else
      new CfnOutput(stack, 'InboxMxRecord', {
        description: `MX record of the renewal inbox to publish for ${domain}`,
        value: `${inbox.domain} MX 10 ${host}`,
      });
    new CfnOutput(stack, 'InboxRuleSet', {
      description: 'The SES receipt rule set to make active once (docs/deploying.md)',
      value: `aws ses set-active-receipt-rule-set --rule-set-name ${ruleSetName} --region ${stack.region}`,
    });
  }
}

export interface InboxStackProps extends StackProps {
  config: StageConfig;
  inbox: InboxSettings;
  data: Data;
  environment: Record<string, string>;
  mail: Mail;
}

/**
 * The inbox's receiving where SES does not receive in the stage's own region: SES, the bucket, the
 * rule and the mail function in `inboxRegion`, the function reading and writing the stage's table
 * across regions (TABLE_REGION). Its cross-region references are SSM parameters CDK writes, as
 * for the edge stack; it deploys after the stage's stack.
 */
export class InboxStack extends Stack {
  readonly receiving: InboxReceiving;

  constructor(scope: Construct, id: string, props: InboxStackProps) {
    super(scope, id, props);
    this.receiving = new InboxReceiving(this, 'Inbox', {
      config: props.config,
      inbox: props.inbox,
      data: props.data,
      environment: props.environment,
      mail: props.mail,
      ownIdentity: true,
    });
  }
}

/**
 * The renewal inbox's mail receiving (lib/inbox.ts, decision 0053): SES receives for the inbox
 * subdomain only, scans, stores the mail in a private bucket and then invokes the mail function;
 * the bucket and the function grant exactly that; the MX record points at the receiving region;
 * a stage without a domain receives nothing; a receiving region other than the stage's is a stack
 * of its own. And the reader functions' memory, timeout and shipped packages.
 */
import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { readStageConfig } from '../../lib/config.ts';
import { InboxStack, INBOX_MAIL_PREFIX, INBOX_OBJECT_DAYS } from '../../lib/inbox.ts';
import { packageClosure, READER_PACKAGES, shipsFile } from '../../lib/bundles.ts';
import { stageTarget } from '../../lib/deploy/stageArgs.ts';
import { actionsOfFunction, cleanUp, newApp, resourcesOfType, synth, type Synthesized } from './harness.ts';
import { functionId } from './stack-helpers.ts';

afterAll(cleanUp);

const ZONE = 'Z0123456789ABCDEFGHIJ';
const withZone = synth({ stage: 'prod', domain: 'example.com', hostedZoneId: ZONE });
const withoutZone = synth({ stage: 'prod', domain: 'example.com' });
const dev = synth({ stage: 'dev' });
const elsewhere = synth({
  stage: 'prod',
  domain: 'example.com',
  hostedZoneId: ZONE,
  inboxRegion: 'eu-west-1',
});

const only = <T>(items: Record<string, T>): T => {
  const values = Object.values(items);
  expect(values).toHaveLength(1);
  return values[0]!;
};
type Props = Record<string, unknown>;
const props = (template: Template, type: string) => only(resourcesOfType(template, type)).Properties as Props;

function inboxStackOf(s: Synthesized): InboxStack {
  const found = s.app.node.children.find((c): c is InboxStack => c instanceof InboxStack);
  if (!found) throw new Error('no inbox stack');
  return found;
}

describe('the receipt rule', () => {
  const rule = (props(withZone.template, 'AWS::SES::ReceiptRule').Rule ?? {}) as Props;

  it('takes the inbox subdomain only, scans for spam and viruses, wants TLS and is on', () => {
    expect(rule).toMatchObject({
      Recipients: ['inbox.example.com'],
      ScanEnabled: true,
      TlsPolicy: 'Require',
      Enabled: true,
    });
  });

  it('stores the mail under the prefix first, then invokes the mail function asynchronously', () => {
    const actions = rule.Actions as Props[];
    expect(actions.map((a) => Object.keys(a)[0])).toEqual(['S3Action', 'LambdaAction']);
    expect(actions[0]!.S3Action).toMatchObject({ ObjectKeyPrefix: INBOX_MAIL_PREFIX });
    expect(actions[1]!.LambdaAction).toMatchObject({ InvocationType: 'Event' });
    expect(JSON.stringify(actions)).not.toContain('SNSAction');
  });

  it('is made once SES may write to the bucket and invoke the function', () => {
    const [ruleResource] = Object.values(resourcesOfType(withZone.template, 'AWS::SES::ReceiptRule'));
    const dependsOn = [ruleResource!.DependsOn ?? []].flat().join(' ');
    expect(dependsOn).toMatch(/InboxMailPolicy/);
    expect(dependsOn).toMatch(/AllowSesInvoke/);
  });

  it('lives in the stage’s rule set, which the stack leaves to a one-time activation', () => {
    expect(props(withZone.template, 'AWS::SES::ReceiptRuleSet')).toEqual({
      RuleSetName: 'renewal-reminders-prod-inbox',
    });
    expect(Object.keys(resourcesOfType(withZone.template, 'Custom::AWS'))).toEqual([]);
  });
});

describe('the mail bucket', () => {
  const bucketOf = (s: Synthesized) =>
    Object.entries(resourcesOfType(s.template, 'AWS::S3::Bucket')).find(([id]) =>
      id.startsWith('InboxMail'),
    )!;
  const [bucketId, bucket] = bucketOf(withZone);
  const bucketProps = bucket.Properties as Props;

  it('is encrypted with S3-managed keys (SES cannot write through a customer-managed default key)', () => {
    expect(bucketProps.BucketEncryption).toEqual({
      ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
    });
  });

  it('deletes what is left after a day, and is never public', () => {
    expect(bucketProps.LifecycleConfiguration).toEqual({
      Rules: [{ Id: 'Backstop', ExpirationInDays: INBOX_OBJECT_DAYS, Status: 'Enabled' }],
    });
    expect(INBOX_OBJECT_DAYS).toBe(1);
    expect(bucketProps.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
  });

  const statements = () => {
    const policy = Object.values(resourcesOfType(withZone.template, 'AWS::S3::BucketPolicy')).find(
      (p) => JSON.stringify(p.Properties?.Bucket) === JSON.stringify({ Ref: bucketId }),
    )!;
    return (policy.Properties!.PolicyDocument as { Statement: Props[] }).Statement;
  };

  it('refuses every request without TLS', () => {
    expect(statements()).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Action: 's3:*',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    );
  });

  it('lets SES put mail under the prefix for this account and this rule only', () => {
    const puts = statements().filter((s) => s.Effect === 'Allow');
    expect(puts).toHaveLength(1);
    const put = puts[0]!;
    expect(put.Principal).toEqual({ Service: 'ses.amazonaws.com' });
    expect(put.Action).toBe('s3:PutObject');
    expect(JSON.stringify(put.Resource)).toContain(`/${INBOX_MAIL_PREFIX}*`);
    const conditions = (put.Condition as { StringEquals: Props }).StringEquals;
    expect(conditions['aws:SourceAccount']).toEqual({ Ref: 'AWS::AccountId' });
    expect(JSON.stringify(conditions['aws:SourceArn'])).toContain(
      'receipt-rule-set/renewal-reminders-prod-inbox:receipt-rule/inbox',
    );
  });
});

describe('the mail function', () => {
  const id = functionId(withZone, /^Renewal inbox: reads a mail/);
  const fn = resourcesOfType(withZone.template, 'AWS::Lambda::Function')[id]!.Properties as Props;

  it('may read and delete the mails under the prefix, use the table, send the letter mail, and nothing else', () => {
    const actions = [...actionsOfFunction(withZone.template, id)].sort();
    expect(actions.filter((a) => a.startsWith('s3:'))).toEqual(['s3:DeleteObject', 's3:GetObject']);
    // 'Your renewal inbox received a letter', with its signed unsubscribe link.
    expect(actions.filter((a) => a.startsWith('ses:'))).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
    expect(actions.filter((a) => a.startsWith('secretsmanager:'))).toContain('secretsmanager:GetSecretValue');
    expect((fn.Environment as { Variables: Props }).Variables).toHaveProperty('UNSUBSCRIBE_SECRET_ARN');
    expect(actions.filter((a) => !/^(s3|dynamodb|logs|sqs|xray|ses|secretsmanager):/.test(a))).toEqual([]);
    const s3 = Object.values(resourcesOfType(withZone.template, 'AWS::IAM::Policy'))
      .flatMap((p) => (p.Properties!.PolicyDocument as { Statement: Props[] }).Statement)
      .filter((s) => [s.Action].flat().includes('s3:GetObject'));
    expect(s3).toHaveLength(1);
    expect(JSON.stringify(s3[0]!.Resource)).toContain(`/${INBOX_MAIL_PREFIX}*`);
  });

  it('is invoked by SES for this rule of this account only', () => {
    const permission = Object.values(resourcesOfType(withZone.template, 'AWS::Lambda::Permission')).find(
      (p) => p.Properties?.Principal === 'ses.amazonaws.com',
    )!.Properties as Props;
    expect(permission.SourceAccount).toEqual({ Ref: 'AWS::AccountId' });
    expect(JSON.stringify(permission.SourceArn)).toContain('receipt-rule/inbox');
  });

  it('has the reader’s memory, a timeout past the reading’s deadline, its bucket and its log group', () => {
    expect(fn).toMatchObject({ MemorySize: 2048, Timeout: 60 });
    const variables = (fn.Environment as { Variables: Props }).Variables;
    expect(variables).toMatchObject({ INBOX_PREFIX: INBOX_MAIL_PREFIX, INBOX_DOMAIN: 'inbox.example.com' });
    expect(variables.TABLE_REGION).toBeUndefined();
    expect(fn.LoggingConfig).toMatchObject({ LogGroup: { Ref: expect.stringMatching(/^InboxHandlerLogs/) } });
  });
});

describe('the inbox domain', () => {
  it('has an MX record to the receiving region’s SES in the stage’s zone', () => {
    withZone.template.hasResourceProperties('AWS::Route53::RecordSet', {
      Type: 'MX',
      Name: 'inbox.example.com.',
      HostedZoneId: ZONE,
      ResourceRecords: ['10 inbound-smtp.eu-west-2.amazonaws.com'],
    });
  });

  it('is printed as a record to publish when the stage has no zone', () => {
    expect(Template.fromStack(withoutZone.stack).toJSON().Outputs.InboxMxRecord.Value).toBe(
      'inbox.example.com MX 10 inbound-smtp.eu-west-2.amazonaws.com',
    );
  });

  it('is covered by the stage’s own domain identity in the stage’s region (no second identity)', () => {
    expect(Object.keys(resourcesOfType(withZone.template, 'AWS::SES::EmailIdentity'))).toHaveLength(1);
  });
});

describe('a stage without a domain', () => {
  it('receives no mail and tells the inbox routes no address', () => {
    expect(readStageConfig(newApp({ context: { stage: 'dev' } }).node).inbox).toBeUndefined();
    for (const type of ['AWS::SES::ReceiptRule', 'AWS::SES::ReceiptRuleSet'])
      expect(Object.keys(resourcesOfType(dev.template, type))).toEqual([]);
    const variables = Object.values(resourcesOfType(dev.template, 'AWS::Lambda::Function')).map(
      (f) => (f.Properties!.Environment as { Variables: Props } | undefined)?.Variables ?? {},
    );
    expect(variables.length).toBeGreaterThan(30);
    expect(variables.filter((v) => 'INBOX_DOMAIN' in v)).toEqual([]);
  });

  it('cannot name an inbox region, nor can a stage name one where SES receives no mail', () => {
    expect(() => readStageConfig(newApp({ context: { inboxRegion: 'eu-west-1' } }).node)).toThrow(
      "Context 'inboxRegion' needs the mail domain",
    );
    expect(() =>
      readStageConfig(newApp({ context: { domain: 'example.com', inboxRegion: 'eu-west-3' } }).node),
    ).toThrow(/must be a region where SES receives mail/);
  });
});

describe('the inbox routes', () => {
  it('upload reads within 28 s (API Gateway gives up at 30) with 2 GB, and knows the inbox domain', () => {
    const id = functionId(withZone, 'POST /api/inbox-uploads (user)');
    const fn = resourcesOfType(withZone.template, 'AWS::Lambda::Function')[id]!.Properties as Props;
    expect(fn).toMatchObject({ MemorySize: 2048, Timeout: 28 });
    expect((fn.Environment as { Variables: Props }).Variables.INBOX_DOMAIN).toBe('inbox.example.com');
  });

  it('the group function is an ordinary one that knows the inbox domain', () => {
    const id = functionId(withZone, /\/api\/inbox\/me/);
    const fn = resourcesOfType(withZone.template, 'AWS::Lambda::Function')[id]!.Properties as Props;
    expect(fn).toMatchObject({ MemorySize: 256, Timeout: 10 });
    expect((fn.Environment as { Variables: Props }).Variables.INBOX_DOMAIN).toBe('inbox.example.com');
  });
});

describe('receiving in another region', () => {
  const inbox = inboxStackOf(elsewhere);
  const template = Template.fromStack(inbox);

  it('puts the receiving in a stack of its own there, and none in the stage’s stack', () => {
    expect(inbox.region).toBe('eu-west-1');
    expect(inbox.stackName).toBe('RenewalReminders-prod-inbox');
    expect(Object.keys(resourcesOfType(elsewhere.template, 'AWS::SES::ReceiptRule'))).toEqual([]);
    expect(Object.keys(template.findResources('AWS::SES::ReceiptRule'))).toHaveLength(1);
    template.hasResourceProperties('AWS::Route53::RecordSet', {
      Type: 'MX',
      ResourceRecords: ['10 inbound-smtp.eu-west-1.amazonaws.com'],
    });
    // SES verifies the inbox domain in that region on its own.
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'inbox.example.com' });
    expect(
      Object.keys(template.findResources('AWS::Route53::RecordSet', { Properties: { Type: 'CNAME' } })),
    ).toHaveLength(3);
  });

  it('reads and writes the stage’s table in the stage’s region', () => {
    const [fn] = Object.values(
      template.findResources('AWS::Lambda::Function', {
        Properties: { Description: Match.stringLikeRegexp('^Renewal inbox') },
      }),
    ) as { Properties: Props }[];
    const variables = (fn!.Properties.Environment as { Variables: Props }).Variables;
    expect(variables.TABLE_REGION).toBe('eu-west-2');
    const id = inbox.getLogicalId(inbox.receiving.handler.fn.node.defaultChild as CfnFunction);
    expect(actionsOfFunction(template, id)).toEqual(expect.objectContaining({ size: expect.any(Number) }));
    expect([...actionsOfFunction(template, id)]).toEqual(
      expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:Query']),
    );
    expect(Stack.of(elsewhere.stack.data.table).region).toBe('eu-west-2');
  });

  it('deploys after the stage’s stack', () => {
    expect(inbox.dependencies.map((d) => d.stackName)).toContain('RenewalReminders-prod');
    expect(
      stageTarget({ stage: 'prod', domain: 'example.com', inboxRegion: 'eu-west-1' }).stacks.at(-1),
    ).toEqual({
      name: 'RenewalReminders-prod-inbox',
      region: 'eu-west-1',
    });
    expect(stageTarget({ stage: 'prod', domain: 'example.com' }).stacks.map((s) => s.name)).not.toContain(
      'RenewalReminders-prod-inbox',
    );
  });
});

describe('the reader functions’ packages', () => {
  it('ship the four packages and what they need, without the engines and the model they never load', () => {
    expect(packageClosure(READER_PACKAGES)).toEqual(
      expect.arrayContaining([...READER_PACKAGES, 'wasm-feature-detect']),
    );
    expect(shipsFile('tesseract.js-core/tesseract-core-relaxedsimd-lstm.wasm')).toBe(true);
    expect(shipsFile('tesseract.js-core/tesseract-core-lstm.js')).toBe(true);
    expect(shipsFile('tesseract.js-core/tesseract-core-simd.wasm')).toBe(false);
    expect(shipsFile('tesseract.js-core/tesseract-core-lstm.wasm.js')).toBe(false);
    expect(shipsFile('@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz')).toBe(true);
    expect(shipsFile('@tesseract.js-data/eng/4.0.0/eng.traineddata.gz')).toBe(false);
    expect(shipsFile('unpdf/dist/pdfjs.mjs')).toBe(true);
  });
});

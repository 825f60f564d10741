import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Stack, Validations } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, describe, expect, it } from 'vitest';
import { answersHead } from '../../shared/contract.ts';
import { ROUTES } from '../../shared/routes.ts';
import { cleanUp, newApp, synth } from './harness.ts';

afterAll(cleanUp);

const VARIANTS: [string, Record<string, unknown>][] = [
  ['dev, no domain', { stage: 'dev' }],
  [
    'prod with a mail domain and an alarm e-mail',
    { stage: 'prod', domain: 'example.com', alarmEmail: 'oncall@example.com' },
  ],
  [
    'prod with a custom domain and zone',
    {
      stage: 'prod',
      domain: 'example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000',
      hostedZoneId: 'Z0000000000000000000',
    },
  ],
  [
    'prod with its own API name (execute-api off)',
    {
      stage: 'prod',
      domain: 'example.com',
      apiCertificateArn:
        'arn:aws:acm:eu-west-2:123456789012:certificate/11111111-1111-1111-1111-111111111111',
      hostedZoneId: 'Z0000000000000000000',
    },
  ],
];

describe.each(VARIANTS)('cdk-nag AwsSolutions: %s', (_name, context) => {
  // synth() with nag registers AwsSolutionsChecks as a validation plugin, exactly as bin/app.ts
  // does: an unacknowledged finding makes the synthesis itself throw.
  const { app, stack } = synth(context, { nag: true });

  it('reports no unacknowledged error or warning', () => {
    const report = new AwsSolutionsChecks().validateScope(app);
    const findings = report.violations.flatMap((v) =>
      v.violatingResources.map((r) => `${v.severity} ${v.ruleName} at ${r.constructPath}`),
    );
    expect(findings).toEqual([]);
    expect(report.success).toBe(true);
  });

  // The route stacks nested in the stage's (decision 0040) have no artifact of their own: their
  // constructs' annotations are in the stage stack's, so these checks cover them too.
  it('leaves no AwsSolutions annotation on the stack or its route stacks', () => {
    const annotations = Annotations.fromStack(stack);
    expect(annotations.findError('*', Match.stringLikeRegexp('AwsSolutions-.*'))).toEqual([]);
    expect(annotations.findWarning('*', Match.stringLikeRegexp('AwsSolutions-.*'))).toEqual([]);
  });

  it('leaves no CDK error or warning (deprecated APIs, misconfiguration)', () => {
    const annotations = Annotations.fromStack(stack);
    expect(annotations.findError('*', Match.anyValue())).toEqual([]);
    expect(
      annotations.findWarning('*', Match.anyValue()).map((w) => `${w.id}: ${String(w.entry.data)}`),
    ).toEqual([]);
  });

  it('leaves no error or warning on the us-east-1 edge stack (its web ACL) either', () => {
    const annotations = Annotations.fromStack(stack.edge!);
    expect(annotations.findError('*', Match.anyValue())).toEqual([]);
    expect(annotations.findWarning('*', Match.anyValue())).toEqual([]);
  });

  it('writes no failed plugin report at synth', () => {
    const reportPath = join(app.outdir, 'validation-report.json');
    if (!existsSync(reportPath)) return;
    const report = JSON.parse(readFileSync(reportPath, 'utf8')) as {
      pluginReports: { pluginName: string; conclusion: string }[];
    };
    expect(report.pluginReports.filter((r) => r.conclusion !== 'success')).toEqual([]);
  });

  it('explains every acknowledgement', () => {
    const acknowledgements = app.node
      .findAll()
      .flatMap((c) => c.node.metadata.filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY))
      .flatMap((m) => Object.entries(m.data as Record<string, string>));
    expect(acknowledgements.length).toBeGreaterThan(0);
    for (const [id, reason] of acknowledgements) {
      expect(id).toMatch(/AwsSolutions-[A-Z]+\d+/);
      expect(reason.length, id).toBeGreaterThan(40);
    }
  });
});

describe('acknowledgements are where they belong', () => {
  const { app } = synth({ stage: 'prod', domain: 'example.com' }, { nag: true });
  /** [construct path, reason] of every acknowledgement of a rule (its id, without a finding suffix). */
  const acknowledged = (rule: string): [string, string][] =>
    app.node.findAll().flatMap((c) =>
      c.node.metadata
        .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
        .flatMap((m) => Object.entries(m.data as Record<string, string>))
        // Keys are 'Annotation::{rule id}[finding]'.
        .filter(([id]) => id.replace(/^Annotation::/, '') === rule)
        .map(([, reason]): [string, string] => [c.node.path, reason]),
    );

  it('SMG4 (rotation) on the unsubscribe key, because an automatic rotation would break mailed links, and on the origin secret, resolved into CloudFront and the API at deploy', () => {
    const acks = acknowledged('AwsSolutions-SMG4');
    expect(acks.map(([path]) => path).sort()).toEqual([
      'RenewalReminders-prod/Api/OriginVerify',
      'RenewalReminders-prod/Mail/PushKey',
      'RenewalReminders-prod/Mail/UnsubscribeKey',
    ]);
    const reason = (path: string) => acks.find(([p]) => p.endsWith(path))![1];
    expect(reason('UnsubscribeKey')).toMatch(/manual keyring step that keeps the old version verifying/);
    expect(reason('OriginVerify')).toMatch(/a new value is a redeploy/);
    expect(reason('PushKey')).toMatch(/silently ends every push subscription/);
  });

  it('APIG4 (no authorizer) on exactly the public routes of the manifest', () => {
    const acks = acknowledged('AwsSolutions-APIG4');
    const publicRoutes = ROUTES.filter((r) => r.access === 'public');
    expect(publicRoutes.map((r) => r.name)).toContain('unsubscribe');
    // A calendar file's HEAD route beside its GET.
    const keys = publicRoutes.flatMap((r) =>
      [r.method, ...(answersHead(r) ? ['HEAD'] : [])].map((m) => `${m} ${r.path}`),
    );
    expect(acks).toHaveLength(keys.length);
    for (const key of keys) {
      expect(
        acks.filter(([, reason]) => reason.startsWith(`${key} is public`)),
        key,
      ).toHaveLength(1);
    }
  });

  it('SQS3 (no DLQ) on the dead-letter queues only', () => {
    expect(
      acknowledged('AwsSolutions-SQS3')
        .map(([path]) => path)
        .sort(),
    ).toEqual([
      'RenewalReminders-prod/DailyReminders/Failures/Queue',
      'RenewalReminders-prod/DailyReminders/SendFailures/Queue',
      'RenewalReminders-prod/Inbox/Failures/Queue',
      'RenewalReminders-prod/MailEvents/Failures/Queue',
    ]);
  });
});

describe('cdk-nag itself', () => {
  it('still finds problems (the checks are not silently off)', () => {
    const app = newApp();
    const stack = new Stack(app, 'Control');
    new Bucket(stack, 'Unlogged');
    const report = new AwsSolutionsChecks().validateScope(app);
    expect(report.violations.map((v) => v.ruleName)).toEqual(
      expect.arrayContaining(['AwsSolutions-S1', 'AwsSolutions-S10']),
    );
  });

  it('flags an unrotated secret and a queue without DLQ (the rules acknowledged above exist)', () => {
    const app = newApp();
    const stack = new Stack(app, 'Control');
    new Secret(stack, 'Unrotated');
    new Queue(stack, 'NoDlq', { enforceSSL: true });
    const report = new AwsSolutionsChecks().validateScope(app);
    expect(report.violations.map((v) => v.ruleName)).toEqual(
      expect.arrayContaining(['AwsSolutions-SMG4', 'AwsSolutions-SQS3']),
    );
  });
});

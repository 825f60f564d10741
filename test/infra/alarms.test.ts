/**
 * Alarms reach a person: one encrypted, TLS-only SNS topic per stage with an optional e-mail
 * subscription, alarms on the job's own metrics, and every CloudWatch alarm of the stack (the API's,
 * the table's, SES's, each function's: test/infra/observability.test.ts) sending its ALARM and OK
 * changes to the topic.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Alarm, CfnAlarm, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { afterAll, describe, expect, it } from 'vitest';
import { Alarms, NO_RUN_HOURS } from '../../lib/alarms.ts';
import { readStageConfig } from '../../lib/config.ts';
import { AppFunction } from '../../lib/function.ts';
import { cleanUp, newApp, resourcesOfType, synth, type Synthesized } from './harness.ts';

afterAll(cleanUp);

const dev = synth({ stage: 'dev', functionAlarms: 'true' });
const prod = synth({ stage: 'prod', domain: 'example.com', alarmEmail: 'oncall@example.com' });

const topicId = (s: Synthesized) => {
  const ids = Object.keys(resourcesOfType(s.template, 'AWS::SNS::Topic'));
  expect(ids).toHaveLength(1);
  return ids[0]!;
};
const alarmWhere = (s: Synthesized, description: RegExp) => {
  const found = Object.values(resourcesOfType(s.template, 'AWS::CloudWatch::Alarm')).filter((a) =>
    description.test(String(a.Properties?.AlarmDescription)),
  );
  expect(found).toHaveLength(1);
  return found[0]!.Properties!;
};
const jobMetric = (name: string, stage: string) => ({
  Namespace: 'RenewalReminders',
  MetricName: name,
  Dimensions: [
    { Name: 'service', Value: 'renewal-reminders' },
    { Name: 'stage', Value: stage },
  ],
});

describe('the alarm topic', () => {
  it.each([
    ['dev', dev],
    ['prod', prod],
  ])('%s: one topic, encrypted with a rotated key CloudWatch may use, publishing over TLS only', (_, s) => {
    const topic = topicId(s);
    const keys = Object.entries(resourcesOfType(s.template, 'AWS::KMS::Key'));
    const [keyId, key] = keys.find(([, k]) => /alarm topic/.test(String(k.Properties?.Description)))!;
    s.template.hasResourceProperties('AWS::SNS::Topic', {
      KmsMasterKeyId: { 'Fn::GetAtt': [keyId, 'Arn'] },
    });
    expect(key.Properties?.EnableKeyRotation).toBe(true);
    expect(JSON.stringify(key.Properties?.KeyPolicy)).toContain('cloudwatch.amazonaws.com');
    s.template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      Topics: [{ Ref: topic }],
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Principal: '*',
            Action: 'sns:Publish',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudwatch.amazonaws.com' },
            Action: 'sns:Publish',
            Condition: Match.objectLike({ StringEquals: { 'aws:SourceAccount': Match.anyValue() } }),
          }),
        ]),
      }),
    });
  });

  it('has one e-mail subscription with alarmEmail, and none without', () => {
    const subscriptions = Object.values(resourcesOfType(prod.template, 'AWS::SNS::Subscription'));
    expect(subscriptions.map((s) => s.Properties)).toEqual([
      { Protocol: 'email', Endpoint: 'oncall@example.com', TopicArn: { Ref: topicId(prod) } },
    ]);
    dev.template.resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('refuses an alarmEmail that is not an e-mail address', () => {
    expect(() => readStageConfig(newApp({ context: { alarmEmail: 'oncall' } }).node)).toThrow(
      /'alarmEmail' must be an e-mail address/,
    );
    expect(readStageConfig(newApp({ context: { alarmEmail: 'a.b@example.co.uk' } }).node).alarmEmail).toBe(
      'a.b@example.co.uk',
    );
  });
});

describe('alarms on the job metrics', () => {
  it('no job run for 25 hours: runs, Sum per hour, 25 of 25 periods, missing data breaching', () => {
    expect(NO_RUN_HOURS).toBe(25);
    expect(alarmWhere(dev, /has not run/)).toMatchObject({
      ...jobMetric('runs', 'dev'),
      Statistic: 'Sum',
      Period: 3600,
      EvaluationPeriods: 25,
      DatapointsToAlarm: 25,
      Threshold: 1,
      ComparisonOperator: 'LessThanThreshold',
      TreatMissingData: 'breaching',
    });
    dev.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmDescription: Match.stringLikeRegexp('has not run'),
      ...jobMetric('runs', 'dev'),
    });
  });

  it('a mail missed or failed, or a push failed, in an hour: missed + failed + push_failed >= 1, missing data not breaching', () => {
    const alarm = alarmWhere(prod, /missed or failed for good/);
    expect(alarm).toMatchObject({
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 1,
      TreatMissingData: 'notBreaching',
    });
    prod.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmDescription: Match.stringLikeRegexp('missed or failed for good'),
      Metrics: Match.arrayWith([
        Match.objectLike({
          Expression: 'FILL(missed, 0) + FILL(failed, 0) + FILL(push_failed, 0) + FILL(channel_failed, 0)',
          ReturnData: true,
        }),
        ...['missed', 'failed', 'push_failed', 'channel_failed'].map((name) =>
          Match.objectLike({
            Id: name,
            ReturnData: false,
            MetricStat: { Metric: jobMetric(name, 'prod'), Period: 3600, Stat: 'Sum' },
          }),
        ),
      ]),
    });
  });
});

describe('every alarm reaches the topic', () => {
  it.each([
    ['dev', dev],
    ['prod', prod],
  ])('%s: each AWS::CloudWatch::Alarm has the topic in AlarmActions and OKActions', (_, s) => {
    const topic = { Ref: topicId(s) };
    const alarms = Object.entries(resourcesOfType(s.template, 'AWS::CloudWatch::Alarm'));
    // The dead-letter queues', the job's, the job metrics', the API's, the table's and one per function.
    expect(alarms.length).toBeGreaterThanOrEqual(40);
    for (const [id, alarm] of alarms) {
      expect(alarm.Properties?.AlarmActions, id).toEqual([topic]);
      expect(alarm.Properties?.OKActions, id).toEqual([topic]);
    }
  });

  it.each([
    ['dev', dev],
    ['prod', prod],
  ])("%s: among them the API's, the table's, SES's (prod sends mail) and one per function", (stage, s) => {
    const ids = new Set(Object.keys(resourcesOfType(s.template, 'AWS::CloudWatch::Alarm')));
    const idOf = (alarm: Alarm | undefined) => {
      expect(alarm).toBeDefined();
      return s.stack.getLogicalId(alarm!.node.defaultChild as CfnAlarm);
    };
    const { alarms } = s.stack;
    const functions = s.stack.node.findAll().filter((node) => node instanceof AppFunction);
    expect(functions.length).toBeGreaterThan(30);
    const expected = [
      alarms.noRun,
      alarms.mailLost,
      alarms.apiServerErrors,
      alarms.apiLatency,
      alarms.tableThrottles,
      ...(stage === 'prod' ? [alarms.sesBounceRate, alarms.sesComplaintRate] : []),
      ...functions.map((fn) => fn.errorsAlarm!),
    ];
    for (const alarm of expected) expect(ids).toContain(idOf(alarm));
    if (stage === 'dev') expect(alarms.sesBounceRate).toBeUndefined();
    // Every alarm of the template is an L2 alarm of the stack, which notifyAllUnder and the dashboard see.
    expect(
      Alarms.allUnder(s.stack)
        .map((alarm) => idOf(alarm as Alarm))
        .sort(),
    ).toEqual([...ids].sort());
  });

  it('covers an alarm added anywhere, an L1 CfnAlarm included', () => {
    const app = new App();
    const stack = new Stack(app, 'Probe');
    const alarms = new Alarms(stack, 'Alarms', { config: readStageConfig(app.node) });
    const metric = new Metric({ namespace: 'Probe', metricName: 'm' });
    new Alarm(stack, 'Deep', { metric, threshold: 1, evaluationPeriods: 1 });
    new CfnAlarm(stack, 'Bare', {
      comparisonOperator: 'GreaterThanThreshold',
      evaluationPeriods: 1,
      threshold: 1,
      metricName: 'm',
      namespace: 'Probe',
      period: 60,
      statistic: 'Sum',
      okActions: ['arn:aws:sns:eu-west-2:123456789012:existing'],
    });
    alarms.notifyAllUnder(stack);
    const template = Template.fromStack(stack);
    const topic = { Ref: Object.keys(resourcesOfType(template, 'AWS::SNS::Topic'))[0]! };
    const all = Object.values(resourcesOfType(template, 'AWS::CloudWatch::Alarm'));
    expect(all).toHaveLength(4);
    for (const alarm of all) expect(alarm.Properties?.AlarmActions).toEqual([topic]);
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'Probe',
      Period: 60,
      OKActions: ['arn:aws:sns:eu-west-2:123456789012:existing', topic],
    });
  });
});

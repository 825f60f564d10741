/**
 * Observability of a stage: an alarm on the errors and throttles of every function, on the API's
 * 5xx rate and p99 latency, on the SES account's bounce and complaint rates and on DynamoDB
 * throttling, each reaching the stage's topic; the stage's dashboard with the product's figures.
 * (Tracing and log retention: observability-tracing.test.ts.)
 */
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { API_ALARMS, FUNCTION_ALARM, SES_REPUTATION_ALARMS } from '../../lib/alarms.ts';
import { DASHBOARD_FIGURES } from '../../lib/dashboard.ts';
import { PRODUCT_METRICS } from '../../shared/metrics.ts';
import { TABLE_KEYS } from '../../shared/table.ts';
import { cleanUp, functionIds, resourcesOfType, synth, type Synthesized } from './harness.ts';
import { customResourceHandlers } from './stack-helpers.ts';

afterAll(cleanUp);

const dev = synth({ stage: 'dev', dashboard: 'true', functionAlarms: 'true' });
const prod = synth({ stage: 'prod', domain: 'example.com', alarmEmail: 'oncall@example.com' });

type Resource = { Type: string; Properties?: Record<string, unknown>; [key: string]: unknown };
type MetricStatQuery = {
  Id: string;
  Expression?: string;
  MetricStat?: { Metric: { Namespace: string; MetricName: string; Dimensions?: unknown[] }; Stat: string };
};

const alarms = (template: Template) => resourcesOfType(template, 'AWS::CloudWatch::Alarm');
const topicRef = (template: Template) => ({
  Ref: Object.keys(resourcesOfType(template, 'AWS::SNS::Topic'))[0]!,
});
const reachesTopic = (template: Template, alarm: Resource) => {
  expect(alarm.Properties?.AlarmActions).toEqual([topicRef(template)]);
  expect(alarm.Properties?.OKActions).toEqual([topicRef(template)]);
};
/** The one alarm whose metric queries include a metric with this name (and namespace). */
const alarmOnMetric = (template: Template, namespace: string, metricName: string, extra = '') => {
  const found = Object.entries(alarms(template)).filter(([, alarm]) => {
    const text = JSON.stringify(alarm.Properties);
    return (
      text.includes(`"Namespace":"${namespace}"`) &&
      text.includes(`"MetricName":"${metricName}"`) &&
      text.includes(extra)
    );
  });
  expect(found.map(([id]) => id)).toHaveLength(1);
  return found[0]![1];
};
const queries = (alarm: Resource) => alarm.Properties!.Metrics as MetricStatQuery[];
const expression = (alarm: Resource) => queries(alarm).find((q) => q.Expression)!.Expression;

describe('an alarm on the errors and throttles of every function', () => {
  it.each([
    ['dev', dev],
    ['prod', prod],
  ])('%s: one per function of ours (Errors + Throttles >= 1 in 5 minutes), reaching the topic', (_, s) => {
    const all = alarms(s.template);
    const handlers = customResourceHandlers(s.template);
    const ours = functionIds(s.template).filter((id) => !handlers.has(id));
    // The Cognito triggers are among them.
    // The routes', the job's, the senders', the SES events' and the Cognito triggers'.
    // A route group's routes share one function (decision 0036): functions, not routes, are counted.
    expect(ours.length).toBeGreaterThanOrEqual(new Set(Object.values(s.stack.api.functions)).size + 6);
    for (const fn of [s.stack.auth.preSignUp, s.stack.auth.customMessage, s.stack.auth.postConfirmation]) {
      expect(ours).toContain(s.stack.getLogicalId(fn.fn.node.defaultChild as never));
    }
    for (const id of ours) {
      const mine = Object.values(all).filter((alarm) => {
        const metrics = queries(alarm) ?? [];
        return metrics.some(
          (q) =>
            q.MetricStat?.Metric.MetricName === 'Errors' &&
            JSON.stringify(q.MetricStat.Metric.Dimensions) ===
              JSON.stringify([{ Name: 'FunctionName', Value: { Ref: id } }]),
        );
      });
      expect(mine, id).toHaveLength(1);
      const alarm = mine[0]!;
      expect(expression(alarm)).toBe('FILL(errors, 0) + FILL(throttles, 0)');
      expect(
        queries(alarm)
          .filter((q) => q.MetricStat)
          .map((q) => [q.Id, q.MetricStat!.Metric.MetricName, q.MetricStat!.Stat]),
      ).toEqual([
        ['errors', 'Errors', 'Sum'],
        ['throttles', 'Throttles', 'Sum'],
      ]);
      expect(alarm.Properties).toMatchObject({
        Threshold: FUNCTION_ALARM.threshold,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        EvaluationPeriods: 1,
        TreatMissingData: 'notBreaching',
      });
      expect(JSON.stringify(alarm.Properties?.Metrics)).toContain('"Period":300');
      reachesTopic(s.template, alarm);
    }
  });

  it('leaves out only the deploy-time handlers of CDK (custom resources, BucketDeployment)', () => {
    for (const s of [dev, prod]) {
      const handlers = customResourceHandlers(s.template);
      const withoutAlarm = functionIds(s.template).filter(
        (id) => !JSON.stringify(alarms(s.template)).includes(`"Value":{"Ref":"${id}"}`),
      );
      expect(withoutAlarm.length).toBeGreaterThan(0);
      for (const id of withoutAlarm) {
        expect(handlers.has(id), id).toBe(true);
        expect(id).toMatch(/^Custom/);
      }
    }
  });
});

describe('alarms on the API', () => {
  it.each([
    ['dev', dev],
    ['prod', prod],
  ])('%s: 5xx / Count >= 5% over 5 minutes with at least 10 requests, in 2 of 3 periods', (_, s) => {
    const alarm = alarmOnMetric(s.template, 'AWS/ApiGateway', '5xx');
    expect(expression(alarm)).toBe(
      `IF(requests >= ${API_ALARMS.minRequests}, 100 * FILL(errors, 0) / requests, 0)`,
    );
    const apiId = { Ref: s.stack.getLogicalId(s.stack.api.httpApi.node.defaultChild as never) };
    expect(queries(alarm).filter((q) => q.MetricStat)).toEqual([
      {
        Id: 'requests',
        ReturnData: false,
        MetricStat: {
          Metric: {
            Namespace: 'AWS/ApiGateway',
            MetricName: 'Count',
            Dimensions: [{ Name: 'ApiId', Value: apiId }],
          },
          Period: 300,
          Stat: 'Sum',
        },
      },
      {
        Id: 'errors',
        ReturnData: false,
        MetricStat: {
          Metric: {
            Namespace: 'AWS/ApiGateway',
            MetricName: '5xx',
            Dimensions: [{ Name: 'ApiId', Value: apiId }],
          },
          Period: 300,
          Stat: 'Sum',
        },
      },
    ]);
    expect(alarm.Properties).toMatchObject({
      Threshold: 5,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 3,
      DatapointsToAlarm: 2,
      TreatMissingData: 'notBreaching',
    });
    reachesTopic(s.template, alarm);
  });

  it('p99 Latency >= 3,000 ms with at least 10 requests, 3 periods of 5 minutes in a row', () => {
    const alarm = alarmOnMetric(prod.template, 'AWS/ApiGateway', 'Latency');
    expect(expression(alarm)).toBe(`IF(requests >= ${API_ALARMS.minRequests}, latency, 0)`);
    expect(queries(alarm).find((q) => q.Id === 'latency')?.MetricStat).toMatchObject({
      Metric: { MetricName: 'Latency' },
      Period: 300,
      Stat: 'p99',
    });
    expect(alarm.Properties).toMatchObject({
      Threshold: API_ALARMS.latencyP99Ms,
      EvaluationPeriods: 3,
      DatapointsToAlarm: 3,
      TreatMissingData: 'notBreaching',
    });
    expect(API_ALARMS.latencyP99Ms).toBe(3000);
    reachesTopic(prod.template, alarm);
  });
});

describe('alarms on the SES account reputation', () => {
  it.each([
    ['Reputation.BounceRate', 0.05],
    ['Reputation.ComplaintRate', 0.001],
  ])('%s >= %s (highest in an hour) where the stage sends through SES', (metricName, threshold) => {
    const alarm = alarmOnMetric(prod.template, 'AWS/SES', metricName);
    expect(alarm.Properties).toMatchObject({
      Namespace: 'AWS/SES',
      MetricName: metricName,
      Statistic: 'Maximum',
      Period: 3600,
      Threshold: threshold,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 1,
      TreatMissingData: 'notBreaching',
    });
    expect(alarm.Properties?.Dimensions).toBeUndefined();
    reachesTopic(prod.template, alarm);
  });

  it('thresholds: bounce at AWS’s review level (5%), complaint at its review level and Gmail’s advice (0.1%)', () => {
    expect(SES_REPUTATION_ALARMS).toMatchObject({ bounceRate: 0.05, complaintRate: 0.001 });
  });

  it('none on a stage that sends no mail', () => {
    expect(JSON.stringify(alarms(dev.template))).not.toContain('AWS/SES');
  });
});

describe('an alarm on DynamoDB throttling', () => {
  it('adds up the read and write throttle events of the table and of its index; >= 1 in 5 minutes', () => {
    const alarm = alarmOnMetric(dev.template, 'AWS/DynamoDB', 'ReadThrottleEvents');
    const table = { Ref: dev.stack.getLogicalId(dev.stack.data.table.node.defaultChild as never) };
    const dims = (index?: string) =>
      index
        ? [
            { Name: 'GlobalSecondaryIndexName', Value: index },
            { Name: 'TableName', Value: table },
          ]
        : [{ Name: 'TableName', Value: table }];
    expect(
      queries(alarm)
        .filter((q) => q.MetricStat)
        .map((q) => [q.MetricStat!.Metric.MetricName, q.MetricStat!.Metric.Dimensions, q.MetricStat!.Stat]),
    ).toEqual([
      ['ReadThrottleEvents', dims(), 'Sum'],
      ['WriteThrottleEvents', dims(), 'Sum'],
      ['ReadThrottleEvents', dims(TABLE_KEYS.dueIndex.name), 'Sum'],
      ['WriteThrottleEvents', dims(TABLE_KEYS.dueIndex.name), 'Sum'],
    ]);
    expect(expression(alarm)).toBe(
      'FILL(tableRead, 0) + FILL(tableWrite, 0) + FILL(index0Read, 0) + FILL(index0Write, 0)',
    );
    expect(alarm.Properties).toMatchObject({
      Threshold: 1,
      EvaluationPeriods: 1,
      TreatMissingData: 'notBreaching',
    });
    reachesTopic(dev.template, alarm);
  });
});

describe('the stage dashboard', () => {
  const body = (s: Synthesized) => {
    const dashboards = Object.values(resourcesOfType(s.template, 'AWS::CloudWatch::Dashboard'));
    expect(dashboards).toHaveLength(1);
    return {
      name: dashboards[0]!.Properties?.DashboardName,
      text: JSON.stringify(dashboards[0]!.Properties?.DashboardBody),
    };
  };

  it.each([
    ['dev', dev],
    ['prod', prod],
  ])("%s: renewal-reminders-{stage}, with each of the product's figures for the stage", (stage, s) => {
    const { name, text } = body(s);
    expect(name).toBe(`renewal-reminders-${stage}`);
    expect(DASHBOARD_FIGURES).toEqual(['signups', 'reminders_created', 'sent', 'late', 'missed', 'failed']);
    for (const figure of [...DASHBOARD_FIGURES, ...PRODUCT_METRICS]) {
      expect(text).toContain(
        `[\\"RenewalReminders\\",\\"${figure}\\",\\"service\\",\\"renewal-reminders\\",\\"stage\\",\\"${stage}\\"`,
      );
    }
    for (const metric of ['Reputation.BounceRate', 'Reputation.ComplaintRate']) {
      expect(text).toContain(`[\\"AWS/SES\\",\\"${metric}\\"`);
    }
    expect(text).toContain('100 * bounces');
    expect(text).toContain('100 * complaints');
    for (const metric of ['Count', '5xx', 'Latency'])
      expect(text).toContain(`[\\"AWS/ApiGateway\\",\\"${metric}\\"`);
  });

  it('comes with a per-function alarm each in prod only unless the context asks: dev keeps the stage’s own', () => {
    const plain = synth({ stage: 'dev' });
    const perFunction = Object.values(alarms(plain.template)).filter((a) =>
      JSON.stringify(a.Properties ?? {}).includes('FILL(errors, 0) + FILL(throttles, 0)'),
    );
    expect(perFunction).toEqual([]);
    // The job, mail, API and table alarms are few metrics and say something even in dev.
    expect(Object.keys(alarms(plain.template)).length).toBeGreaterThanOrEqual(5);
    expect(Object.keys(alarms(plain.template)).length).toBeLessThan(10);
    expect(Object.keys(alarms(prod.template)).length).toBeGreaterThan(40);
  });

  it('is in prod only unless the context asks for one: it costs money and protects nothing in dev', () => {
    expect(resourcesOfType(synth({ stage: 'dev' }).template, 'AWS::CloudWatch::Dashboard')).toEqual({});
    expect(resourcesOfType(synth({ stage: 'qa' }).template, 'AWS::CloudWatch::Dashboard')).toEqual({});
    expect(
      Object.keys(resourcesOfType(synth({ stage: 'prod' }).template, 'AWS::CloudWatch::Dashboard')),
    ).toHaveLength(1);
  });

  it('shows the state of every alarm of the stage', () => {
    const { text } = body(prod);
    const ids = Object.keys(alarms(prod.template));
    expect(ids.length).toBeGreaterThan(40);
    for (const id of ids) expect(text, id).toContain(`{"Fn::GetAtt":["${id}","Arn"]}`);
  });
});

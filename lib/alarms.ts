import { Duration, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmBase,
  CfnAlarm,
  ComparisonOperator,
  MathExpression,
  Metric,
  Stats,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct, type IConstruct } from 'constructs';
import { METRIC_DIMENSIONS, METRICS_NAMESPACE, type JobMetric } from '../shared/metrics.ts';
import { removalPolicy, SERVICE_NAME, stageName, type StageConfig } from './config.ts';

export interface AlarmsProps {
  config: StageConfig;
}

/** The job's hourly runs: an alarm when none has run for this many hours. */
export const NO_RUN_HOURS = 25;

/**
 * Every function: failed or throttled invocations (Lambda's Errors + Throttles) in 5 minutes. An API
 * route answers an unexpected error with a 500 itself (lambdas/runtime/http.ts), so for the API this
 * counts crashes, timeouts and throttles; the 500s are the API alarm's.
 */
export const FUNCTION_ALARM = { period: Duration.minutes(5), threshold: 1 } as const;

/**
 * The HTTP API, in 5-minute periods over its whole stage: the share of requests answered 5xx, and
 * the 99th percentile of its latency; each only once there are `minRequests` requests in the period,
 * so that one error or one cold start among a handful of requests at night is not an alarm.
 */
export const API_ALARMS = {
  period: Duration.minutes(5),
  minRequests: 10,
  /** 5xx / Count, in percent, in 2 of 3 periods. */
  serverErrorPercent: 5,
  serverErrorPeriods: { evaluationPeriods: 3, datapointsToAlarm: 2 },
  /** p99 of Latency (request in to response out, integration included), in 3 periods in a row. */
  latencyP99Ms: 3000,
  latencyPeriods: { evaluationPeriods: 3, datapointsToAlarm: 3 },
} as const;

/**
 * SES account reputation (AWS/SES Reputation.*, fractions 0–1, account-wide in the region), the
 * highest value in an hour. Bounce: AWS reviews an account at 5% and may pause its sending at 10%.
 * Complaint: AWS reviews at 0.1% (and may pause at 0.5%); Gmail and Yahoo require bulk senders to
 * stay under 0.3% and recommend under 0.1%. docs/operations.md has the reasoning.
 */
export const SES_REPUTATION_ALARMS = {
  period: Duration.hours(1),
  bounceRate: 0.05,
  complaintRate: 0.001,
} as const;

/** DynamoDB: any throttled read or write event on the table or its index in 5 minutes. */
export const TABLE_THROTTLE_ALARM = { period: Duration.minutes(5), threshold: 1 } as const;

/**
 * Errors and throttles of one function (FUNCTION_ALARM): one alarm per function, the two metrics
 * added up, so the alarm count grows by one per function, not two.
 */
export function functionErrorsAlarm(
  scope: Construct,
  fn: IFunction,
  config: StageConfig,
  what: string,
): Alarm {
  const { period, threshold } = FUNCTION_ALARM;
  return new Alarm(scope, 'ErrorsAlarm', {
    alarmDescription: `${stageName(config)}: ${what}: failed or throttled invocations (Lambda Errors + Throttles >= ${threshold} in 5 minutes); see the function's log group`,
    metric: new MathExpression({
      expression: 'FILL(errors, 0) + FILL(throttles, 0)',
      usingMetrics: {
        errors: fn.metricErrors({ statistic: Stats.SUM, period }),
        throttles: fn.metricThrottles({ statistic: Stats.SUM, period }),
      },
      label: 'Errors and throttles',
      period,
    }),
    threshold,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    evaluationPeriods: 1,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}

/**
 * Where the stage's alarms go: one SNS topic, reaching a person through the optional `alarmEmail`
 * subscription; and the alarms on the job's own metrics (lambdas/runtime/metrics.ts).
 *
 * The topic is encrypted with a key of its own, not the AWS-managed aws/sns key: CloudWatch cannot
 * publish to a topic under aws/sns (its key policy cannot grant CloudWatch the key, and the alarm
 * action then fails silently). CloudWatch alarms of this account and region get the key and
 * sns:Publish, and nothing else does beyond the account; publishers must use TLS.
 */
export class Alarms extends Construct {
  readonly topic: Topic;
  /** The job has not run (no `runs` data point) for NO_RUN_HOURS hours. */
  readonly noRun: Alarm;
  /** A mail was missed, or failed for good (SES refused it on its last attempt), or a push failed for good, in an hour. */
  readonly mailLost: Alarm;
  /** SES account reputation: bounce and complaint rates (stages that send through SES only). */
  readonly sesBounceRate?: Alarm;
  readonly sesComplaintRate?: Alarm;
  /** The HTTP API (watchApi). */
  apiServerErrors?: Alarm;
  apiLatency?: Alarm;
  /** The table and its indexes (watchTable). */
  tableThrottles?: Alarm;
  private readonly config: StageConfig;

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    const { config } = props;
    this.config = config;
    const stack = Stack.of(this);
    const cloudWatch = new ServicePrincipal('cloudwatch.amazonaws.com');
    // Only alarms of this account and region act through the key and the topic (no confused deputy).
    const fromOurAlarms = {
      StringEquals: { 'aws:SourceAccount': stack.account },
      ArnLike: {
        'aws:SourceArn': `arn:${stack.partition}:cloudwatch:${stack.region}:${stack.account}:alarm:*`,
      },
    };

    const key = new Key(this, 'TopicKey', {
      description: `${stageName(config)}: encrypts the alarm topic`,
      enableKeyRotation: true,
      removalPolicy: removalPolicy(config),
    });
    key.addToResourcePolicy(
      new PolicyStatement({
        principals: [cloudWatch],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: fromOurAlarms,
      }),
    );
    this.topic = new Topic(this, 'Topic', {
      displayName: `${stageName(config)} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        principals: [cloudWatch],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: fromOurAlarms,
      }),
    );
    if (config.alarmEmail) this.topic.addSubscription(new EmailSubscription(config.alarmEmail));

    const jobMetric = (name: JobMetric) =>
      new Metric({
        namespace: METRICS_NAMESPACE,
        metricName: name,
        dimensionsMap: { [METRIC_DIMENSIONS.service]: SERVICE_NAME, [METRIC_DIMENSIONS.stage]: config.stage },
        statistic: Stats.SUM,
        period: Duration.hours(1),
      });

    // Every real run publishes runs = 1; an hour without one is missing data, so missing counts as
    // breaching, and all 25 hours must breach: one run in the window keeps it quiet.
    this.noRun = new Alarm(this, 'NoJobRun', {
      alarmDescription: `${stageName(config)}: the reminder job has not run for ${NO_RUN_HOURS} hours (metric runs)`,
      metric: jobMetric('runs'),
      threshold: 1,
      comparisonOperator: ComparisonOperator.LESS_THAN_THRESHOLD,
      evaluationPeriods: NO_RUN_HOURS,
      datapointsToAlarm: NO_RUN_HOURS,
      treatMissingData: TreatMissingData.BREACHING,
    });
    // The planner publishes `missed` and the senders `failed`, `push_failed` and `channel_failed`,
    // each in its own hours: FILL gives the others a 0, so any alone raises the sum. Hours with none
    // stay quiet.
    this.mailLost = new Alarm(this, 'MailMissedOrFailed', {
      alarmDescription: `${stageName(config)}: mails were missed or failed for good in the last hour, or a day's push or alert-channel message failed for good (metrics missed + failed + push_failed + channel_failed); see the cron log and the e-mail log`,
      metric: new MathExpression({
        expression: 'FILL(missed, 0) + FILL(failed, 0) + FILL(push_failed, 0) + FILL(channel_failed, 0)',
        usingMetrics: {
          missed: jobMetric('missed'),
          failed: jobMetric('failed'),
          push_failed: jobMetric('push_failed'),
          channel_failed: jobMetric('channel_failed'),
        },
        label: 'Mails missed and run failures',
        period: Duration.hours(1),
      }),
      threshold: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    // A stage that sends no mail has no reputation of its own to watch (the metrics are the account's).
    if (config.emailProvider === 'ses') {
      const reputation = (name: string, threshold: number, what: string, id: string) =>
        new Alarm(this, id, {
          alarmDescription: `${stageName(config)}: the SES account's ${what} rate reached ${threshold * 100}% (AWS/SES ${name}, highest in an hour); see docs/operations.md`,
          metric: sesReputationMetric(name),
          threshold,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          evaluationPeriods: 1,
          // SES publishes nothing until the account's first bounce or complaint.
          treatMissingData: TreatMissingData.NOT_BREACHING,
        });
      this.sesBounceRate = reputation(
        'Reputation.BounceRate',
        SES_REPUTATION_ALARMS.bounceRate,
        'bounce',
        'SesBounceRate',
      );
      this.sesComplaintRate = reputation(
        'Reputation.ComplaintRate',
        SES_REPUTATION_ALARMS.complaintRate,
        'complaint',
        'SesComplaintRate',
      );
    }
  }

  /** The HTTP API's 5xx rate and p99 latency (API_ALARMS), each with its minimum of requests. */
  watchApi(api: HttpApi): void {
    const { period, minRequests } = API_ALARMS;
    const requests = api.metricCount({ statistic: Stats.SUM, period });
    this.apiServerErrors = new Alarm(this, 'ApiServerErrors', {
      alarmDescription: `${stageName(this.config)}: ${API_ALARMS.serverErrorPercent}% or more of the API's requests answered 5xx (5xx / Count, 5 minutes, at least ${minRequests} requests) in 2 of 3 periods; see the API's access log and its functions' logs`,
      metric: new MathExpression({
        expression: `IF(requests >= ${minRequests}, 100 * FILL(errors, 0) / requests, 0)`,
        usingMetrics: { requests, errors: api.metricServerError({ statistic: Stats.SUM, period }) },
        label: '5xx (% of requests)',
        period,
      }),
      threshold: API_ALARMS.serverErrorPercent,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      ...API_ALARMS.serverErrorPeriods,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    this.apiLatency = new Alarm(this, 'ApiLatency', {
      alarmDescription: `${stageName(this.config)}: the API's p99 latency reached ${API_ALARMS.latencyP99Ms} ms (Latency p99, 5 minutes, at least ${minRequests} requests) for 15 minutes; see the API's access log (latencyMs, routeKey)`,
      metric: new MathExpression({
        expression: `IF(requests >= ${minRequests}, latency, 0)`,
        usingMetrics: { requests, latency: api.metricLatency({ statistic: Stats.p(99), period }) },
        label: 'Latency p99 (ms)',
        period,
      }),
      threshold: API_ALARMS.latencyP99Ms,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      ...API_ALARMS.latencyPeriods,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }

  /** Throttled reads and writes of the table and of each of its global secondary indexes. */
  watchTable(table: ITable, indexNames: readonly string[]): void {
    const { period, threshold } = TABLE_THROTTLE_ALARM;
    const usingMetrics = tableThrottleMetrics(table, indexNames, period);
    this.tableThrottles = new Alarm(this, 'TableThrottles', {
      alarmDescription: `${stageName(this.config)}: DynamoDB throttled reads or writes on the table or its index (Read/WriteThrottleEvents >= ${threshold} in 5 minutes); the SDK retried them, see docs/operations.md`,
      metric: new MathExpression({
        expression: Object.keys(usingMetrics)
          .map((id) => `FILL(${id}, 0)`)
          .join(' + '),
        usingMetrics,
        label: 'Throttled events',
        period,
      }),
      threshold,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }

  /** Every L2 alarm under `scope` (the dashboard's alarm status). */
  static allUnder(scope: IConstruct): AlarmBase[] {
    return scope.node.findAll().filter((node): node is AlarmBase => node instanceof AlarmBase);
  }

  /**
   * Sends the ALARM and OK changes of every CloudWatch alarm under `scope` to the topic: the L2
   * alarms through their own actions, any bare CfnAlarm by its properties. Called once the scope is
   * built, so an alarm added anywhere is covered without a list to keep.
   */
  notifyAllUnder(scope: IConstruct): void {
    const action = new SnsAction(this.topic);
    const topicArn = this.topic.topicArn;
    for (const node of scope.node.findAll()) {
      if (node instanceof AlarmBase) {
        node.addAlarmAction(action);
        node.addOkAction(action);
      } else if (node instanceof CfnAlarm && !(node.node.scope instanceof AlarmBase)) {
        node.alarmActions = [...(node.alarmActions ?? []), topicArn];
        node.okActions = [...(node.okActions ?? []), topicArn];
      }
    }
  }
}

/** An SES account reputation metric (a fraction 0–1), its highest value in an hour. */
export const sesReputationMetric = (name: string) =>
  new Metric({
    namespace: 'AWS/SES',
    metricName: name,
    statistic: Stats.MAXIMUM,
    period: SES_REPUTATION_ALARMS.period,
  });

/**
 * ReadThrottleEvents and WriteThrottleEvents of the table (TableName only: the table's own) and of
 * each index (TableName and GlobalSecondaryIndexName), by metric-math id.
 */
export function tableThrottleMetrics(
  table: ITable,
  indexNames: readonly string[],
  period: Duration,
): Record<string, Metric> {
  const metrics: Record<string, Metric> = {};
  const scopes = [
    { id: 'table', dimensions: { TableName: table.tableName } },
    ...indexNames.map((name, i) => ({
      id: `index${i}`,
      dimensions: { TableName: table.tableName, GlobalSecondaryIndexName: name },
    })),
  ];
  for (const { id, dimensions } of scopes) {
    for (const kind of ['Read', 'Write'] as const) {
      metrics[`${id}${kind}`] = new Metric({
        namespace: 'AWS/DynamoDB',
        metricName: `${kind}ThrottleEvents`,
        dimensionsMap: dimensions,
        statistic: Stats.SUM,
        period,
      });
    }
  }
  return metrics;
}

import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AlarmStatusWidget,
  Dashboard,
  GraphWidget,
  type IAlarm,
  type IMetric,
  MathExpression,
  Metric,
  SingleValueWidget,
  Stats,
  TextWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { METRIC_DIMENSIONS, METRICS_NAMESPACE, type MetricName } from '../shared/metrics.ts';
import {
  API_ALARMS,
  SES_REPUTATION_ALARMS,
  sesReputationMetric,
  TABLE_THROTTLE_ALARM,
  tableThrottleMetrics,
} from './alarms.ts';
import { SERVICE_NAME, stageName, type StageConfig } from './config.ts';

export interface OperationsDashboardProps {
  config: StageConfig;
  api: HttpApi;
  table: ITable;
  /** The table's global secondary indexes. */
  indexNames: readonly string[];
  /** The stage's alarms, shown with their state. */
  alarms: readonly IAlarm[];
}

/** The product's figures on the dashboard, in this order: each a published metric (shared/metrics.ts). */
export const DASHBOARD_FIGURES = [
  'signups',
  'reminders_created',
  'sent',
  'late',
  'missed',
  'failed',
] as const satisfies readonly MetricName[];

const LABELS: Record<(typeof DASHBOARD_FIGURES)[number], string> = {
  signups: 'Sign-ups',
  reminders_created: 'Reminders created (imports included)',
  sent: 'Mails sent',
  late: 'Sent late',
  missed: 'Missed',
  failed: 'Failed for good',
};

/**
 * One CloudWatch dashboard per stage (`renewal-reminders-{stage}`): first the product's own figures
 * (sign-ups, reminders created, mails sent, late, missed and failed, the SES bounce and complaint
 * rates), then the API, the table and the state of every alarm of the stage. docs/operations.md
 * explains each widget.
 */
export class OperationsDashboard extends Construct {
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: OperationsDashboardProps) {
    super(scope, id);
    const { config } = props;
    const figure = (name: (typeof DASHBOARD_FIGURES)[number], period: Duration) =>
      new Metric({
        namespace: METRICS_NAMESPACE,
        metricName: name,
        dimensionsMap: { [METRIC_DIMENSIONS.service]: SERVICE_NAME, [METRIC_DIMENSIONS.stage]: config.stage },
        statistic: Stats.SUM,
        period,
        label: LABELS[name],
      });
    const figures = (names: readonly (typeof DASHBOARD_FIGURES)[number][], period: Duration): IMetric[] =>
      names.map((name) => figure(name, period));

    const reputation = (name: string, id: string, label: string) =>
      new MathExpression({
        expression: `100 * ${id}`,
        usingMetrics: { [id]: sesReputationMetric(name) },
        label,
        period: SES_REPUTATION_ALARMS.period,
      });
    const apiPeriod = API_ALARMS.period;
    const requests = props.api.metricCount({ statistic: Stats.SUM, period: apiPeriod, label: 'Requests' });

    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: stageName(config),
      defaultInterval: Duration.days(7),
      widgets: [
        [
          new TextWidget({
            markdown: `# ${stageName(config)}\nThe product's figures first, then the API, the table and every alarm of the stage. What each shows and what to do when an alarm fires: docs/operations.md.`,
            width: 24,
            height: 2,
          }),
        ],
        [
          new SingleValueWidget({
            title: 'Totals over the time range',
            metrics: figures(DASHBOARD_FIGURES, Duration.days(1)),
            setPeriodToTimeRange: true,
            width: 24,
            height: 4,
          }),
        ],
        [
          new GraphWidget({
            title: 'Sign-ups and reminders created (per day)',
            left: figures(['signups', 'reminders_created'], Duration.days(1)),
            width: 12,
            height: 6,
          }),
          new GraphWidget({
            title: 'Mails sent, late, missed and failed (per hour)',
            left: figures(['sent', 'late', 'missed', 'failed'], Duration.hours(1)),
            width: 12,
            height: 6,
          }),
        ],
        [
          new GraphWidget({
            title: 'SES reputation: bounce and complaint rates (%, the account in this region)',
            left: [reputation('Reputation.BounceRate', 'bounces', 'Bounce rate (%)')],
            right: [reputation('Reputation.ComplaintRate', 'complaints', 'Complaint rate (%)')],
            leftAnnotations: [{ value: SES_REPUTATION_ALARMS.bounceRate * 100, label: 'Bounce alarm' }],
            rightAnnotations: [
              { value: SES_REPUTATION_ALARMS.complaintRate * 100, label: 'Complaint alarm' },
            ],
            width: 12,
            height: 6,
          }),
          new GraphWidget({
            title: 'API: requests and 5xx (per 5 minutes)',
            left: [requests],
            right: [
              new MathExpression({
                expression: '100 * FILL(errors, 0) / requests',
                usingMetrics: {
                  requests,
                  errors: props.api.metricServerError({ statistic: Stats.SUM, period: apiPeriod }),
                },
                label: '5xx (% of requests)',
                period: apiPeriod,
              }),
            ],
            rightAnnotations: [{ value: API_ALARMS.serverErrorPercent, label: '5xx alarm' }],
            width: 12,
            height: 6,
          }),
        ],
        [
          new GraphWidget({
            title: 'API latency (ms)',
            left: [Stats.p(50), Stats.p(99)].map((statistic) =>
              props.api.metricLatency({ statistic, period: apiPeriod, label: `Latency ${statistic}` }),
            ),
            leftAnnotations: [{ value: API_ALARMS.latencyP99Ms, label: 'p99 alarm' }],
            width: 12,
            height: 6,
          }),
          new GraphWidget({
            title: 'DynamoDB throttled events (table and index)',
            left: Object.entries(
              tableThrottleMetrics(props.table, props.indexNames, TABLE_THROTTLE_ALARM.period),
            ).map(([id, metric]) => metric.with({ label: id })),
            width: 12,
            height: 6,
          }),
        ],
        [
          new AlarmStatusWidget({
            title: `Alarms of ${stageName(config)}`,
            alarms: [...props.alarms],
            width: 24,
            height: Math.max(3, Math.ceil(props.alarms.length / 4) + 1),
          }),
        ],
      ],
    });
  }
}

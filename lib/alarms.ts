import { Duration, Stack } from 'aws-cdk-lib';
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
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
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
  /** A mail was missed, or failed for good (SES refused it on its last attempt), in an hour. */
  readonly mailLost: Alarm;

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    const { config } = props;
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
    // The planner publishes `missed` and the senders `failed`, each in its own hours: FILL gives the
    // other a 0, so either alone raises the sum. Hours with neither stay empty, and quiet.
    this.mailLost = new Alarm(this, 'MailMissedOrFailed', {
      alarmDescription: `${stageName(config)}: mails were missed or failed for good in the last hour (metrics missed + failed); see the cron log and the e-mail log`,
      metric: new MathExpression({
        expression: 'FILL(missed, 0) + FILL(failed, 0)',
        usingMetrics: { missed: jobMetric('missed'), failed: jobMetric('failed') },
        label: 'Mails missed and run failures',
        period: Duration.hours(1),
      }),
      threshold: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
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

import { Duration, Stack, TimeZone, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Schedule, ScheduleExpression, ScheduleTargetInput, TimeWindow } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Construct } from 'constructs';
import { SENDER_SETTINGS } from '../shared/senders.ts';
import { removalPolicy, stageName, type StageConfig } from './config.ts';
import type { Data } from './data.ts';
import { giveDvlaKey } from './dvla.ts';
import { giveTelegramToken } from './telegram.ts';
import { AppFunction, FailureQueue } from './function.ts';
import type { Mail } from './mail.ts';

export interface ReminderJobProps {
  config: StageConfig;
  data: Data;
  mail: Mail;
  environment: Record<string, string>;
}

/** The senders' settings (lambdas/features/engine/queue.ts) as the CDK takes them. */
export const SENDERS = {
  maxConcurrency: SENDER_SETTINGS.maxConcurrency,
  batchSize: SENDER_SETTINGS.batchSize,
  maxBatchingWindow: Duration.seconds(SENDER_SETTINGS.maxBatchingWindowSeconds),
  timeout: Duration.seconds(SENDER_SETTINGS.timeoutSeconds),
  visibilityTimeout: Duration.seconds(SENDER_SETTINGS.visibilityTimeoutSeconds),
  maxReceiveCount: SENDER_SETTINGS.maxReceiveCount,
} as const;

/** The Scheduler's payload: lambdas/handlers/jobs/reminderJob.ts records the run as a scheduled one. */
export const SCHEDULE_INPUT = { trigger: 'schedule' } as const;

/**
 * The reminder job every hour, on the hour. Each run sends the mails whose moment (08:00 on their
 * date in the owner's own zone) has come, and catches up any earlier one still useful, so every
 * owner is mailed at the first run at or after 08:00 their time, GMT and BST alike. Sends are idempotent (a conditional put before each SES call), so the Scheduler's
 * retries, Lambda's retries and a manual re-run never mail twice.
 *
 * A failure is never silent: an invocation the Scheduler cannot deliver, and a run that still fails
 * after Lambda's retries, both land in a dead-letter queue with an alarm; a second alarm fires on any
 * error of the job in a day.
 */
export class ReminderJob extends Construct {
  readonly job: AppFunction;
  readonly sender: AppFunction;
  readonly sendQueue: Queue;
  readonly sendFailures: FailureQueue;
  readonly schedule: Schedule;
  readonly failures: FailureQueue;
  readonly errorsAlarm: Alarm;

  constructor(scope: Construct, id: string, props: ReminderJobProps) {
    super(scope, id);
    const { config, data, mail } = props;

    this.failures = new FailureQueue(this, 'Failures', {
      config,
      purpose: 'A reminder job run failed or could not be started',
    });
    // One message per recipient of a run; a message that keeps failing goes to the dead-letter queue.
    this.sendFailures = new FailureQueue(this, 'SendFailures', {
      config,
      purpose: 'A reminder send message failed repeatedly',
    });
    this.sendQueue = new Queue(this, 'SendQueue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: SENDERS.visibilityTimeout,
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.sendFailures.queue, maxReceiveCount: SENDERS.maxReceiveCount },
      removalPolicy: removalPolicy(config),
    });
    this.job = new AppFunction(this, 'Job', {
      config,
      entry: 'lambdas/handlers/jobs/reminderJob.ts',
      description: 'Reminder job planner (hourly; mails at 08:00 in each owner’s zone)',
      environment: { ...props.environment, SEND_QUEUE_URL: this.sendQueue.queueUrl },
      timeout: Duration.minutes(15),
      memorySize: 1024,
      failureQueue: this.failures.queue,
    });
    data.grantReadWrite(this.job.fn);
    this.sendQueue.grantSendMessages(this.job.fn);
    // A simulation renders mails, which carry signed unsubscribe links.
    mail.grantUnsubscribeKey(this.job.fn);
    // A kept registration is asked of the DVLA again when its reminder rolls forward (lambdas/features/engine/recheck.ts).
    if (config.dvla) this.job.fn.addEnvironment('DVLA_API_URL', config.dvla.apiUrl);
    giveDvlaKey(this, 'DvlaApiKey', this.job.fn, config);

    this.sender = new AppFunction(this, 'Sender', {
      config,
      entry: 'lambdas/handlers/jobs/sendReminders.ts',
      description: 'Reminder sender (one recipient’s mails per message, exactly once)',
      environment: { ...props.environment, SENDER_CONCURRENCY: String(SENDERS.maxConcurrency) },
      timeout: SENDERS.timeout,
      // Rendering mails is CPU-bound: more memory is more CPU.
      memorySize: 1024,
    });
    this.sender.fn.addEventSource(
      new SqsEventSource(this.sendQueue, {
        batchSize: SENDERS.batchSize,
        maxBatchingWindow: SENDERS.maxBatchingWindow,
        maxConcurrency: SENDERS.maxConcurrency,
        reportBatchItemFailures: true,
      }),
    );
    data.grantReadWrite(this.sender.fn);
    mail.grantSend(this.sender.fn);
    // GetAccount: each sender paces itself at its share of the account's MaxSendRate.
    mail.grantSendQuota(this.sender.fn);
    mail.grantUnsubscribeKey(this.sender.fn);
    // The day's push is signed with the stage's VAPID keys (lambdas/features/push/daily.ts).
    mail.grantPushKey(this.sender.fn);
    // The day's Telegram message is sent with the stage's bot (lambdas/features/channels/daily.ts).
    giveTelegramToken(this, 'TelegramBotToken', this.sender.fn, config);

    // Our own role (not the stack-wide one LambdaInvoke would create), so its acknowledgement is local.
    const schedulerRole = new Role(this, 'SchedulerRole', {
      // Only schedules of this account may use the role (confused-deputy protection).
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
      description: 'EventBridge Scheduler: invoke the reminder job',
    });
    this.schedule = new Schedule(this, 'Schedule', {
      description: 'Renewal reminders: every hour, each owner mailed at 08:00 their time',
      schedule: ScheduleExpression.cron({ minute: '0', hour: '*', timeZone: TimeZone.ETC_UTC }),
      timeWindow: TimeWindow.off(),
      target: new LambdaInvoke(this.job.fn, {
        role: schedulerRole,
        input: ScheduleTargetInput.fromObject(SCHEDULE_INPUT),
        retryAttempts: 3,
        maxEventAge: Duration.hours(1),
        deadLetterQueue: this.failures.queue,
      }),
    });
    this.errorsAlarm = new Alarm(this, 'ErrorsAlarm', {
      alarmDescription: `The reminder job of ${stageName(config)} failed at least once today`,
      metric: this.job.fn.metricErrors({ period: Duration.days(1), statistic: 'Sum' }),
      threshold: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    const jobLogicalId = Stack.of(this).getLogicalId(this.job.fn.node.defaultChild as CfnFunction);
    Validations.of(schedulerRole).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${jobLogicalId}.Arn>:*]`,
      reason:
        'lambda:InvokeFunction on the reminder job and its versions ({arn}:*), the only function this role may call.',
    });
  }
}

import { Duration, Stack, TimeZone, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { Schedule, ScheduleExpression, ScheduleTargetInput, TimeWindow } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Construct } from 'constructs';
import type { StageConfig } from './config.ts';
import type { Data } from './data.ts';
import { AppFunction } from './function.ts';
import type { Mail } from './mail.ts';

export interface DailyRemindersProps {
  config: StageConfig;
  data: Data;
  mail: Mail;
  environment: Record<string, string>;
}

/**
 * The daily reminder job at 08:00 Europe/London (EventBridge Scheduler follows the clock through
 * BST/GMT changes). Sends are idempotent (a conditional put before each SES call), so the Scheduler's
 * retries and a manual re-run never mail twice.
 */
export class DailyReminders extends Construct {
  readonly job: AppFunction;
  readonly schedule: Schedule;

  constructor(scope: Construct, id: string, props: DailyRemindersProps) {
    super(scope, id);
    const { config, data, mail } = props;

    this.job = new AppFunction(this, 'Job', {
      config,
      entry: 'lambdas/jobs/dailyReminders.ts',
      description: 'Daily reminder job (08:00 Europe/London)',
      environment: props.environment,
      timeout: Duration.minutes(15),
      memorySize: 512,
    });
    data.grantReadWrite(this.job.fn);
    mail.grantSend(this.job.fn);

    // Our own role (not the stack-wide one LambdaInvoke would create), so its acknowledgement is local.
    const schedulerRole = new Role(this, 'SchedulerRole', {
      // Only schedules of this account may use the role (confused-deputy protection).
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
      description: 'EventBridge Scheduler: invoke the daily reminder job',
    });
    this.schedule = new Schedule(this, 'Schedule', {
      description: 'Daily renewal reminders at 08:00 Europe/London',
      schedule: ScheduleExpression.cron({ minute: '0', hour: '8', timeZone: TimeZone.EUROPE_LONDON }),
      timeWindow: TimeWindow.off(),
      target: new LambdaInvoke(this.job.fn, {
        role: schedulerRole,
        input: ScheduleTargetInput.fromObject({ source: 'scheduler' }),
        retryAttempts: 2,
        maxEventAge: Duration.hours(1),
      }),
    });
    const jobLogicalId = Stack.of(this).getLogicalId(this.job.fn.node.defaultChild as CfnFunction);
    Validations.of(schedulerRole).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${jobLogicalId}.Arn>:*]`,
      reason:
        'lambda:InvokeFunction on the daily job and its versions ({arn}:*), the only function this role may call.',
    });
  }
}

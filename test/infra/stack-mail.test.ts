/** The daily reminders (schedule, job, senders), the queues, the unsubscribe key, SES events and mail. */
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { API } from '../../shared/routes.ts';
import { SES_EVENT_DETAIL_TYPES, UNSUBSCRIBE_KEY_LENGTH } from '../../lib/mail.ts';
import { SCHEDULE_INPUT, SENDERS } from '../../lib/schedule.ts';
import { CLAIM_LEASE_MS } from '../../lambdas/store/sends.ts';
import {
  devAndProd,
  actionsOfFunction,
  functionIds,
  logicalIdWhere,
  resourcesOfType,
  secretReaderIds,
} from './harness.ts';
import {
  COMMON_ENV,
  functionId,
  envOf,
  routeDescription,
  beyondTable,
  jobId,
  senderId,
  resourcesOf,
  postConfirmationId,
  sesEventsId,
  routesWith,
  sendQueueId,
  secretId,
  pushSecretId,
  DLQ_SEND,
  SECRET_READ,
  SES_SEND,
} from './stack-helpers.ts';

const { dev, prod } = devAndProd();

describe('daily reminders', () => {
  it('runs every hour, on the hour (each owner is mailed at 08:00 their time)', () => {
    const job = functionId(dev, /^Reminder job/);
    dev.template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'cron(0 * * * ? *)',
      ScheduleExpressionTimezone: 'Etc/UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      State: 'ENABLED',
      Target: Match.objectLike({ Arn: { 'Fn::GetAtt': [job, 'Arn'] }, RoleArn: Match.anyValue() }),
    });
  });

  it('plans in a 15-minute, 1 GB function that queues and never sends; sends in 1-minute, 1 GB senders', () => {
    dev.template.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('^Reminder job'),
      Timeout: 900,
      MemorySize: 1024,
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
    });
    dev.template.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('^Reminder sender'),
      Timeout: SENDERS.timeout.toSeconds(),
      MemorySize: 1024,
    });
    for (const s of [dev, prod]) {
      expect(actionsOfFunction(s.template, jobId(s))).toContain('dynamodb:PutItem');
      expect(actionsOfFunction(s.template, jobId(s))).not.toContain('ses:SendEmail');
    }
    expect(actionsOfFunction(dev.template, senderId(dev))).not.toContain('ses:SendEmail');
    expect(actionsOfFunction(prod.template, senderId(prod))).toContain('ses:SendEmail');
  });

  it('gives the planner the table, the unsubscribe key (simulations), its DLQ and the send queue only', () => {
    for (const s of [dev, prod]) {
      expect([...new Set(beyondTable(s, jobId(s)))]).toEqual([...SECRET_READ, ...DLQ_SEND].sort());
      expect(envOf(s, jobId(s)).SEND_QUEUE_URL).toEqual({ Ref: sendQueueId(s) });
    }
    expect(envOf(prod, jobId(prod)).UNSUBSCRIBE_SECRET_ARN).toEqual({ Ref: secretId(prod) });
  });

  it('gives each sender the table, the unsubscribe key, the send queue to consume and (with a domain) SES', () => {
    const consume = [
      'sqs:ChangeMessageVisibility',
      'sqs:DeleteMessage',
      'sqs:GetQueueAttributes',
      'sqs:GetQueueUrl',
      'sqs:ReceiveMessage',
    ];
    expect(beyondTable(dev, senderId(dev))).toEqual([...SECRET_READ, ...consume].sort());
    expect(beyondTable(prod, senderId(prod))).toEqual(
      [...SECRET_READ, ...consume, ...SES_SEND, 'ses:GetAccount'].sort(),
    );
    expect(envOf(prod, senderId(prod)).SENDER_CONCURRENCY).toBe(String(SENDERS.maxConcurrency));
  });

  it('feeds the senders from the send queue: batches of up to 50 within a second, partial batch failures, capped concurrency, a DLQ', () => {
    for (const s of [dev, prod]) {
      s.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: senderId(s) },
        EventSourceArn: { 'Fn::GetAtt': [sendQueueId(s), 'Arn'] },
        BatchSize: SENDERS.batchSize,
        // Lambda needs a batching window for batches over 10.
        MaximumBatchingWindowInSeconds: SENDERS.maxBatchingWindow.toSeconds(),
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        ScalingConfig: { MaximumConcurrency: SENDERS.maxConcurrency },
      });
      const queue = resourcesOfType(s.template, 'AWS::SQS::Queue')[sendQueueId(s)]!.Properties!;
      // Longer than the 2-minute claim lease: a redelivery can take over a dead sender's claim.
      expect(queue.VisibilityTimeout).toBe(SENDERS.visibilityTimeout.toSeconds());
      expect(SENDERS.visibilityTimeout.toSeconds()).toBeGreaterThan(CLAIM_LEASE_MS / 1000);
      expect(SENDERS.visibilityTimeout.toSeconds()).toBeGreaterThanOrEqual(6 * SENDERS.timeout.toSeconds());
      const redrive = queue.RedrivePolicy as {
        deadLetterTargetArn: { 'Fn::GetAtt': [string] };
        maxReceiveCount: number;
      };
      expect(redrive.maxReceiveCount).toBe(SENDERS.maxReceiveCount);
      const dlq = redrive.deadLetterTargetArn['Fn::GetAtt'][0];
      // Anything in the senders' dead-letter queue raises an alarm.
      s.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlq, 'QueueName'] } }],
        Threshold: 1,
      });
    }
  });

  it('is started with {"trigger":"schedule"}, retried for an hour, and dead-lettered', () => {
    const schedule = Object.values(resourcesOfType(dev.template, 'AWS::Scheduler::Schedule'))[0]!;
    const target = schedule.Properties!.Target as {
      Input: string;
      RetryPolicy: unknown;
      DeadLetterConfig: { Arn: { 'Fn::GetAtt': [string, string] } };
    };
    expect(JSON.parse(target.Input)).toEqual({ trigger: 'schedule' });
    expect(SCHEDULE_INPUT).toEqual({ trigger: 'schedule' });
    expect(target.RetryPolicy).toEqual({ MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 });
    const dlq = target.DeadLetterConfig.Arn['Fn::GetAtt'][0];
    expect(resourcesOfType(dev.template, 'AWS::SQS::Queue')[dlq]?.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 3600,
    });
    // A run that fails after Lambda's own retries (Scheduler invokes asynchronously) lands there too.
    dev.template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: jobId(dev) },
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [dlq, 'Arn'] } } },
    });
    // The Scheduler's role: invoke the job, write to its DLQ, nothing else.
    const roleId = (schedule.Properties!.Target as { RoleArn: { 'Fn::GetAtt': [string] } }).RoleArn[
      'Fn::GetAtt'
    ][0];
    const schedulerActions = Object.values(resourcesOfType(dev.template, 'AWS::IAM::Policy'))
      .filter((p) => (p.Properties?.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
      .flatMap(
        (p) => (p.Properties!.PolicyDocument as { Statement: { Action: string | string[] }[] }).Statement,
      )
      .flatMap((st) => [st.Action].flat())
      .sort();
    expect(schedulerActions).toEqual(['lambda:InvokeFunction', 'sqs:SendMessage']);
  });

  it('alarms on any job error in a day and on anything in its dead-letter queue', () => {
    dev.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/Lambda',
      MetricName: 'Errors',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: jobId(dev) } }],
      Statistic: 'Sum',
      Period: 86400,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
    const schedule = Object.values(resourcesOfType(dev.template, 'AWS::Scheduler::Schedule'))[0]!;
    const dlq = (schedule.Properties!.Target as { DeadLetterConfig: { Arn: { 'Fn::GetAtt': [string] } } })
      .DeadLetterConfig.Arn['Fn::GetAtt'][0];
    dev.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlq, 'QueueName'] } }],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });
});

describe('queues (the send queue and the dead-letter queues)', () => {
  it('are encrypted and TLS-only', () => {
    const queues = resourcesOfType(dev.template, 'AWS::SQS::Queue');
    expect(Object.keys(queues)).toHaveLength(4);
    for (const queue of Object.values(queues)) expect(queue.Properties?.SqsManagedSseEnabled).toBe(true);
    const policies = Object.values(resourcesOfType(dev.template, 'AWS::SQS::QueuePolicy'));
    for (const id of Object.keys(queues)) {
      const policy = policies.find((p) => JSON.stringify(p.Properties?.Queues).includes(id));
      expect(JSON.stringify(policy?.Properties?.PolicyDocument), id).toContain(
        '"aws:SecureTransport":"false"',
      );
    }
  });

  it('are kept with a prod stack', () => {
    for (const queue of Object.values(resourcesOfType(prod.template, 'AWS::SQS::Queue'))) {
      expect(queue.DeletionPolicy).toBe('Retain');
    }
  });
});

describe('unsubscribe key', () => {
  it('is one generated secret per stage: letters and digits, long enough for HMAC-SHA256', () => {
    const secret = resourcesOfType(dev.template, 'AWS::SecretsManager::Secret')[secretId(dev)]!;
    const generate = secret.Properties!.GenerateSecretString as Record<string, unknown>;
    expect(generate.PasswordLength).toBe(UNSUBSCRIBE_KEY_LENGTH);
    expect(UNSUBSCRIBE_KEY_LENGTH).toBeGreaterThanOrEqual(48);
    expect(generate.ExcludePunctuation).toBe(true);
    // The value is the key itself (lambdas/runtime/signingKey.ts reads SecretString), not a JSON object.
    expect(generate.SecretStringTemplate).toBeUndefined();
    expect(generate.GenerateStringKey).toBeUndefined();
  });

  it('survives the deletion of a prod stack (mailed links must keep working)', () => {
    expect(resourcesOfType(prod.template, 'AWS::SecretsManager::Secret')[secretId(prod)]).toMatchObject({
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
    expect(resourcesOfType(dev.template, 'AWS::SecretsManager::Secret')[secretId(dev)]).toMatchObject({
      DeletionPolicy: 'Delete',
    });
  });

  it('is readable only by the functions that sign or verify links or hash suppressed addresses, which alone get its ARN', () => {
    for (const s of [dev, prod]) {
      const expected = [
        jobId(s),
        senderId(s),
        postConfirmationId(s),
        sesEventsId(s),
        ...routesWith(s, 'unsubscribe:key'),
        // The inbox's mail function, where the stage receives in its own region: the letter mail's link.
        ...functionIds(s.template).filter((id) =>
          /^Renewal inbox: reads a mail/.test(
            String(resourcesOfType(s.template, 'AWS::Lambda::Function')[id]!.Properties?.Description),
          ),
        ),
      ].sort();
      expect(expected).toContain(functionId(s, 'POST /api/unsubscribe (public)'));
      const withEnv = functionIds(s.template).filter((id) => {
        const variables = (
          resourcesOfType(s.template, 'AWS::Lambda::Function')[id]!.Properties?.Environment as
            { Variables?: Record<string, unknown> } | undefined
        )?.Variables;
        return variables !== undefined && 'UNSUBSCRIBE_SECRET_ARN' in variables;
      });
      expect(withEnv.sort()).toEqual(expected);
      for (const id of withEnv) expect(envOf(s, id).UNSUBSCRIBE_SECRET_ARN).toEqual({ Ref: secretId(s) });
      expect(secretReaderIds(s.template, secretId(s))).toEqual(expected);
    }
    // Every secret right names a secret of the stage, never a wildcard.
    const stageSecrets = Object.keys(resourcesOfType(prod.template, 'AWS::SecretsManager::Secret')).map(
      (id) => JSON.stringify({ Ref: id }),
    );
    const statements = Object.values(resourcesOfType(prod.template, 'AWS::IAM::Policy'))
      .flatMap(
        (p) =>
          (p.Properties!.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] }).Statement,
      )
      .filter((st) => JSON.stringify(st.Action).includes('secretsmanager:'));
    expect(statements.length).toBeGreaterThan(0);
    for (const st of statements)
      for (const resource of resourcesOf(st)) expect(stageSecrets).toContain(JSON.stringify(resource));
  });

  it('the VAPID seed is readable only by the push routes’ function and the senders, which alone get its ARN', () => {
    for (const s of [dev, prod]) {
      const routes = routesWith(s, 'push:key');
      expect(routes).toEqual([functionId(s, routeDescription(API.sendTestPush))]);
      const expected = [...routes, senderId(s)].sort();
      const withEnv = functionIds(s.template).filter((id) => {
        const environment = resourcesOfType(s.template, 'AWS::Lambda::Function')[id]!.Properties
          ?.Environment as { Variables?: Record<string, unknown> } | undefined;
        return environment?.Variables !== undefined && 'PUSH_SEED_SECRET_ARN' in environment.Variables;
      });
      expect(withEnv.sort()).toEqual(expected);
      for (const id of expected) expect(envOf(s, id).PUSH_SEED_SECRET_ARN).toEqual({ Ref: pushSecretId(s) });
      expect(secretReaderIds(s.template, pushSecretId(s))).toEqual(expected);
    }
  });
});

describe('SES events', () => {
  it('publishes bounces, complaints and sends of the configuration set to the default event bus', () => {
    const configurationSetId = logicalIdWhere(dev.template, 'AWS::SES::ConfigurationSet', () => true);
    dev.template.resourceCountIs('AWS::SES::ConfigurationSetEventDestination', 1);
    dev.template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      ConfigurationSetName: { Ref: configurationSetId },
      EventDestination: {
        Enabled: true,
        // A send records a digest whose sender died after SES accepted it (lambdas/store/sending/digests.ts).
        MatchingEventTypes: ['bounce', 'complaint', 'send'],
        EventBridgeDestination: {
          EventBusArn: {
            'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp(':event-bus/default$')])],
          },
        },
      },
    });
  });

  it('routes only this stage’s bounces, complaints and sends to the SES events function', () => {
    const configurationSetId = logicalIdWhere(dev.template, 'AWS::SES::ConfigurationSet', () => true);
    expect(SES_EVENT_DETAIL_TYPES).toEqual(['Email Bounced', 'Email Complaint Received', 'Email Sent']);
    const rule = Object.values(resourcesOfType(dev.template, 'AWS::Events::Rule'))[0]!;
    expect(rule.Properties!.EventPattern).toEqual({
      source: ['aws.ses'],
      'detail-type': ['Email Bounced', 'Email Complaint Received', 'Email Sent'],
      detail: { mail: { tags: { 'ses:configuration-set': [{ Ref: configurationSetId }] } } },
    });
    // Default bus: no EventBusName.
    expect(rule.Properties!.EventBusName).toBeUndefined();
    const [target] = rule.Properties!.Targets as {
      Arn: unknown;
      DeadLetterConfig: { Arn: { 'Fn::GetAtt': [string, string] } };
      RetryPolicy: unknown;
    }[];
    expect(target!.Arn).toEqual({ 'Fn::GetAtt': [sesEventsId(dev), 'Arn'] });
    const dlq = target!.DeadLetterConfig.Arn['Fn::GetAtt'][0];
    expect(resourcesOfType(dev.template, 'AWS::SQS::Queue')[dlq]).toBeDefined();
    dev.template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: sesEventsId(dev) },
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [dlq, 'Arn'] } } },
    });
    dev.template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [sesEventsId(dev), 'Arn'] },
      Principal: 'events.amazonaws.com',
      SourceArn: Match.anyValue(),
    });
  });

  it('gives the SES events function the table (read/write), the key of the address hashes and its dead-letter queue only', () => {
    for (const s of [dev, prod]) {
      const actions = actionsOfFunction(s.template, sesEventsId(s));
      expect(actions).toContain('dynamodb:PutItem');
      expect(beyondTable(s, sesEventsId(s))).toEqual([...DLQ_SEND, ...SECRET_READ].sort());
      const env = envOf(s, sesEventsId(s));
      for (const name of COMMON_ENV) expect(env, name).toHaveProperty(name);
      expect(env.UNSUBSCRIBE_SECRET_ARN).toEqual({ Ref: secretId(s) });
      expect(env).not.toHaveProperty('USER_POOL_ID');
    }
  });
});

describe('mail', () => {
  it('sends through a configuration set that suppresses bounces and complaints', () => {
    dev.template.hasResourceProperties('AWS::SES::ConfigurationSet', {
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
      DeliveryOptions: { TlsPolicy: 'REQUIRE' },
    });
  });

  it('verifies the domain identity only when a domain is given', () => {
    dev.template.resourceCountIs('AWS::SES::EmailIdentity', 0);
    prod.template.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'example.com',
      ConfigurationSetAttributes: { ConfigurationSetName: Match.anyValue() },
    });
    const env = envOf(prod, functionId(prod, /^Reminder job/));
    expect(env.EMAIL_PROVIDER).toBe('ses');
    expect(env.EMAIL_FROM).toBe('Renewal Reminders <reminders@example.com>');
    // A mail domain alone does not move the site off the distribution's URL.
    const distributionId = logicalIdWhere(prod.template, 'AWS::CloudFront::Distribution', () => true);
    expect(env.SITE_URL).toEqual({
      'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }]],
    });
  });
});

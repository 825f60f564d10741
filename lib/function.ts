import { fileURLToPath } from 'node:url';
import { Duration, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { type CfnRole, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import {
  Architecture,
  Function as LambdaFunction,
  type FunctionProps,
  Runtime,
  Tracing,
} from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import { type IQueue, Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { functionErrorsAlarm } from './alarms.ts';
import { bundledCode } from './bundles.ts';
import { removalPolicy, stageLogGroup, stageName, type StageConfig } from './config.ts';
import type { LambdaRuntime } from './stageSettings.ts';
import { powertoolsLayer } from './powertools.ts';

/** The repository root: Lambda entries are resolved from it, whatever the working directory. */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The CDK runtime of each runtime a stage may name (StageConfig.lambdaRuntime). */
export const LAMBDA_RUNTIME: Record<LambdaRuntime, Runtime> = {
  'nodejs22.x': Runtime.NODEJS_22_X,
  'nodejs24.x': Runtime.NODEJS_24_X,
};

/** A function's timeout unless it sets its own: every API route has this (API Gateway allows 30 s). */
export const API_FUNCTION_TIMEOUT = Duration.seconds(10);

export interface AppFunctionProps {
  config: StageConfig;
  /** Handler file relative to the repository root, e.g. 'lambdas/handlers/api/getMe.ts' (exports `handler`). */
  entry: string;
  description: string;
  environment: Record<string, string>;
  timeout?: Duration;
  memorySize?: number;
  /**
   * For functions invoked asynchronously (Scheduler, EventBridge): where an event goes when the
   * function still fails after Lambda's own retries, instead of being dropped.
   */
  failureQueue?: IQueue;
  /**
   * The log group to write to, made by the caller (a route's stays in the stage's stack while its
   * function is in a route stack: decision 0040); by default one of its own.
   */
  logGroup?: ILogGroup;
}

/**
 * The environment every function gets from AppFunction (beside its own): source-mapped stack traces,
 * and the Powertools Tracer on or off with the stage's `tracing` flag. The Tracer never records a
 * handler's response (a Cognito trigger returns the user's attributes, a route the user's data).
 */
export function baseEnvironment(config: StageConfig): Record<string, string> {
  return {
    NODE_OPTIONS: '--enable-source-maps',
    POWERTOOLS_TRACE_ENABLED: String(config.tracing),
    POWERTOOLS_TRACER_CAPTURE_RESPONSE: 'false',
  };
}

/**
 * One Lambda of the product: Node.js (the stage's lambdaRuntime, 22 by default) on arm64, bundled by esbuild as a minified ESM module with
 * source maps, the Powertools layer (Logger, Metrics and Tracer load from it), its own log group
 * with the stage's retention, an alarm on its errors and throttles, and X-Ray active tracing with
 * the Powertools Tracer when the stage traces (`tracing`). Every function of the stack is one of
 * these, so the runtime settings cannot drift between them.
 */
export class AppFunction extends Construct {
  readonly fn: LambdaFunction;
  /** The handler file, relative to the repository root (its bundle is the function's code). */
  readonly entry: string;
  /** Errors + Throttles of the function (lib/alarms.ts FUNCTION_ALARM), where the stage has them. */
  readonly errorsAlarm?: Alarm;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const logGroup = props.logGroup ?? stageLogGroup(this, 'Logs', props.config);
    this.entry = props.entry;
    const functionProps: FunctionProps = {
      // One esbuild build bundles every function (lib/bundles.ts has the options, docs/bundles.md why).
      code: bundledCode(props.entry),
      handler: 'index.handler',
      description: props.description,
      runtime: LAMBDA_RUNTIME[props.config.lambdaRuntime],
      architecture: Architecture.ARM_64,
      // Powertools of the installed version (lib/powertools.ts); plain JavaScript, for arm64 and x86_64.
      layers: [powertoolsLayer(this)],
      memorySize: props.memorySize ?? 256,
      timeout: props.timeout ?? API_FUNCTION_TIMEOUT,
      logGroup,
      // The Lambda service's own segments (initialization, invocation), and with them the Tracer's
      // subsegments (lambdas/runtime/tracer.ts); docs/operations.md.
      tracing: props.config.tracing ? Tracing.ACTIVE : Tracing.DISABLED,
      ...(props.failureQueue ? { onFailure: new SqsDestination(props.failureQueue) } : {}),
      environment: { ...baseEnvironment(props.config), ...props.environment },
    };
    this.fn = new LambdaFunction(this, 'Function', functionProps);
    // Its own log group only. CDK gives the role AWSLambdaBasicExecutionRole, which lets it create
    // and write any log group of the account; the group exists (the stack made it), so the role
    // gets the two calls that write to it, on it alone.
    (this.fn.role!.node.defaultChild as CfnRole).managedPolicyArns = undefined;
    this.fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [logGroup.logGroupArn],
      }),
    );
    if (props.config.functionAlarms)
      this.errorsAlarm = functionErrorsAlarm(this, this.fn, props.config, props.description);

    if (props.config.lambdaRuntime !== 'nodejs24.x')
      Validations.of(this).acknowledge({
        id: 'AwsSolutions-L1',
        reason:
          'Node.js 22 is the runtime the project targets and tests (esbuild target node22); Lambda supports it until 30 April 2027, and the move to Node.js 24 is planned (docs/operations.md, "Runtime").',
      });
    if (props.config.tracing) {
      Validations.of(this).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'X-Ray active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions.',
      });
    }
  }
}

export interface FailureQueueProps {
  config: StageConfig;
  /** What ends up in the queue, for its alarm's description. */
  purpose: string;
}

/**
 * A dead-letter queue (encrypted, TLS only, messages kept 14 days) and an alarm as soon as anything
 * lands in it, so that a failed invocation is never silent.
 */
export class FailureQueue extends Construct {
  readonly queue: Queue;
  readonly alarm: Alarm;

  constructor(scope: Construct, id: string, props: FailureQueueProps) {
    super(scope, id);
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      removalPolicy: removalPolicy(props.config),
    });
    Validations.of(this.queue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason:
        'This queue is itself a dead-letter queue (failed invocations land here for inspection); a DLQ of a DLQ has no use.',
    });
    this.alarm = new Alarm(this, 'Alarm', {
      alarmDescription: `${props.purpose} (${stageName(props.config)}): see the dead-letter queue`,
      metric: this.queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
      threshold: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }
}

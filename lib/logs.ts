import { CfnResource, Stack } from 'aws-cdk-lib';
import { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { CfnLogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { stageLogGroup, type StageConfig } from './config.ts';

/**
 * Every log group of the stack keeps the stage's retention, and every Lambda function of the stack
 * writes to a log group of the stack: none is left to Lambda, which would create
 * /aws/lambda/{name} on first use and keep it forever.
 *
 * Our own functions have their log group from AppFunction. CDK's own functions do not:
 * - BucketDeployment's handler gets a CDK-managed /aws/lambda/{name} group (feature flag
 *   useCdkManagedLogGroup) kept two years: its retention is set here;
 * - the custom resource providers (S3 auto-delete objects, the cross-region export reader and
 *   writer) get none: each is given a log group of the stack (LoggingConfig.LogGroup).
 *
 * The cross-region export providers are created while CDK prepares the app for synthesis, after
 * constructors and Aspects have run; so this runs as a validation of the stack, the one hook CDK
 * calls after that and before it writes the templates. It only adds to the stack, and is idempotent.
 */
export function enforceStageLogRetention(stack: Stack, config: StageConfig): void {
  stack.node.addValidation({
    validate: () => {
      applyStageLogRetention(stack, config);
      return [];
    },
  });
}

const given = new WeakSet<CfnResource>();

/** What enforceStageLogRetention does, at once (exported for the tests). */
export function applyStageLogRetention(stack: Stack, config: StageConfig): void {
  const inStack = stack.node.findAll().filter((node) => Stack.of(node) === stack);
  const logGroups = inStack.filter((node): node is CfnLogGroup => node instanceof CfnLogGroup);
  for (const logGroup of logGroups) logGroup.retentionInDays = config.logRetention;

  // Functions with a group named after them (/aws/lambda/${Ref fn}): CDK-managed groups.
  const named = new Set(
    logGroups.flatMap((logGroup) =>
      [...JSON.stringify(stack.resolve(logGroup.logGroupName) ?? '').matchAll(/"Ref":"([A-Za-z0-9]+)"/g)].map(
        ([, id]) => id!,
      ),
    ),
  );
  for (const node of inStack) {
    if (!(node instanceof CfnResource) || node.cfnResourceType !== CfnFunction.CFN_RESOURCE_TYPE_NAME)
      continue;
    if (given.has(node) || hasOwnLogGroup(node) || named.has(stack.resolve(node.logicalId) as string))
      continue;
    const logGroup = stageLogGroup(node.node.scope as Construct, `${node.node.id}StageLogs`, config);
    node.addPropertyOverride('LoggingConfig.LogGroup', logGroup.logGroupName);
    given.add(node);
  }
}

/** A function whose LoggingConfig names a log group (AppFunction's, through the L2 `logGroup`). */
function hasOwnLogGroup(fn: CfnResource): boolean {
  if (!(fn instanceof CfnFunction)) return false;
  const config = fn.stack.resolve(fn.loggingConfig) as { logGroup?: unknown; LogGroup?: unknown } | undefined;
  return Boolean(config?.logGroup ?? config?.LogGroup);
}

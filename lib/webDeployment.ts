import { Stack, Token, Validations } from 'aws-cdk-lib';
import type { Bucket, CfnBucket } from 'aws-cdk-lib/aws-s3';
import type { BucketDeployment } from 'aws-cdk-lib/aws-s3-deployment';

/**
 * BucketDeployment's handler is a stack-level singleton Lambda (CDK's own code): its role needs the
 * CDK asset bucket and this site bucket, and its runtime is CDK's choice.
 */
export function acknowledgeDeploymentHandler(deployment: BucketDeployment, siteBucket: Bucket): void {
  const stack = Stack.of(deployment);
  const siteBucketId = stack.getLogicalId(siteBucket.node.defaultChild as CfnBucket);
  // cdk-nag names the account as the template has it: a token offline, the literal id in a deploy
  // (the CLI sets CDK_DEFAULT_ACCOUNT), where the bootstrap bucket's name carries it.
  const account = Token.isUnresolved(stack.account) ? '<AWS::AccountId>' : stack.account;
  const reason =
    "CDK's BucketDeployment handler copies the web build from the CDK asset bucket into the site bucket and invalidates the distribution: it needs object-level wildcards on those two buckets and cloudfront:CreateInvalidation (no resource-level permissions).";
  Validations.of(deployment.handlerRole).acknowledge(
    {
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: "AWSLambdaBasicExecutionRole only lets CDK's deployment handler write its own logs.",
    },
    ...[
      'Action::s3:GetObject*',
      'Action::s3:GetBucket*',
      'Action::s3:List*',
      'Action::s3:DeleteObject*',
      'Action::s3:Abort*',
      `Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-${account}-${stack.region}/*`,
      `Resource::<${siteBucketId}.Arn>/*`,
      'Resource::*',
    ].map((finding) => ({ id: `AwsSolutions-IAM5[${finding}]`, reason })),
  );
  const handler = stack.node.children.find((child) =>
    child.node.id.startsWith('Custom::CDKBucketDeployment'),
  );
  if (handler) {
    Validations.of(handler).acknowledge({
      id: 'AwsSolutions-L1',
      reason: "The runtime of CDK's BucketDeployment handler is chosen by aws-cdk-lib, not by this project.",
    });
  }
}

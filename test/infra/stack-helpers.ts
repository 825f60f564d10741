/** What the stack's test files share: names of its functions and resources, and their rights. */
import { ROUTES, type RouteDef, type RouteName } from '../../shared/routes.ts';
import {
  functionDescription,
  ROUTE_ENVIRONMENT,
  ROUTE_PERMISSIONS,
  routesSharingFunction,
} from '../../lib/routeRights.ts';
import type { Template } from 'aws-cdk-lib/assertions';
import { actionsOfFunction, logicalIdWhere, resourcesOfType, type Synthesized } from './harness.ts';

export const COMMON_ENV = [
  'TABLE_NAME',
  'STAGE',
  'SITE_URL',
  'EMAIL_PROVIDER',
  'EMAIL_FROM',
  'SES_CONFIGURATION_SET',
  'FEATURE_FLAGS',
  'POWERTOOLS_SERVICE_NAME',
  'NODE_OPTIONS',
];

export function functionId(s: Synthesized, description: string | RegExp): string {
  return logicalIdWhere(s.template, 'AWS::Lambda::Function', (p) =>
    typeof description === 'string' ? p.Description === description : description.test(String(p.Description)),
  );
}

/** A function's environment variables (none when it has no environment). */
export function envOf(s: Synthesized, logicalId: string): Record<string, unknown> {
  const fn = resourcesOfType(s.template, 'AWS::Lambda::Function')[logicalId]!;
  return ((fn.Properties!.Environment ?? {}) as { Variables?: Record<string, unknown> }).Variables ?? {};
}

/** The description of the function that serves a route (its own, or its group's: decision 0036). */
export const routeDescription = (r: RouteDef) => functionDescription(routesSharingFunction(r));
/** What the function serving a route was given, from all the routes it serves. */
export const permissionsOf = (r: RouteDef): readonly string[] =>
  routesSharingFunction(r).flatMap((member) => ROUTE_PERMISSIONS[member.name as RouteName] ?? []);
export const environmentOf = (r: RouteDef): readonly string[] =>
  routesSharingFunction(r).flatMap((member) => ROUTE_ENVIRONMENT[member.name as RouteName] ?? []);
export const writesOf = (r: RouteDef) =>
  routesSharingFunction(r).some((member) => member.method !== 'GET') ||
  permissionsOf(r).includes('table:write');
export const ROUTE_DEFS: readonly RouteDef[] = ROUTES;
export const GROUPS = [...new Set(ROUTE_DEFS.flatMap((r) => (r.group ? [r.group] : [])))];

/**
 * The rights of a function beyond its table access and its own logs, sorted. X-Ray's (the `tracing`
 * flag, on in prod) are every function's alike: test/infra/observability.test.ts checks them; the
 * writes to its own log group, test/infra/least-privilege.test.ts.
 */
export const beyondTable = (s: Synthesized, logicalId: string) =>
  [...actionsOfFunction(s.template, logicalId)]
    .filter((a) => !a.startsWith('dynamodb:') && !a.startsWith('xray:') && !LOG_WRITE.includes(a))
    .sort();

/** What every function of ours may do to its own log group, and to no other. */
export const LOG_WRITE = ['logs:CreateLogStream', 'logs:PutLogEvents'];

export const SECRET_READ = ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'];
export const SES_SEND = ['ses:SendEmail', 'ses:SendRawEmail'];
/** What an async function needs to put a failed event into its dead-letter queue (on-failure destination). */
export const DLQ_SEND = ['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'];

export const jobId = (s: Synthesized) => functionId(s, /^Reminder job/);
export const senderId = (s: Synthesized) => functionId(s, /^Reminder sender/);
/** A policy statement's resources as a list (CDK merges statements that share their actions). */
export const resourcesOf = (statement: { Resource: unknown }): unknown[] =>
  Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource];
export const postConfirmationId = (s: Synthesized) => functionId(s, /^Cognito PostConfirmation/);
export const sesEventsId = (s: Synthesized) => functionId(s, /^SES events/);
/** The route functions with a permission in ROUTE_PERMISSIONS. */
export const routesWith = (s: Synthesized, permission: string) => [
  ...new Set(
    ROUTES.filter((r) => (ROUTE_PERMISSIONS[r.name] ?? []).some((p: string) => p === permission)).map((r) =>
      functionId(s, routeDescription(r)),
    ),
  ),
];
/** The unsubscribe key (the stage's other secret is the API's origin secret). */
export const isUnsubscribeKey = (props: Record<string, unknown>) =>
  String(props.Description).endsWith('HMAC key of the unsubscribe links in mails');
export const sendQueueId = (s: Synthesized) =>
  logicalIdWhere(s.template, 'AWS::SQS::Queue', (props) => props.RedrivePolicy !== undefined);
export const secretId = (s: Synthesized) =>
  logicalIdWhere(s.template, 'AWS::SecretsManager::Secret', isUnsubscribeKey);
export const pushSecretId = (s: Synthesized) =>
  logicalIdWhere(s.template, 'AWS::SecretsManager::Secret', (props) =>
    String(props.Description).endsWith('seed of the VAPID keys that sign push notifications'),
  );

/** Functions that CloudFormation calls as a custom resource provider (CDK's deploy-time handlers). */
export const customResourceHandlers = (template: Template) =>
  new Set(
    Object.values(
      template.toJSON().Resources as Record<string, { Type: string; Properties?: Record<string, unknown> }>,
    )
      .filter((r) => r.Type.startsWith('Custom::') || r.Type === 'AWS::CloudFormation::CustomResource')
      .map((r) => (r.Properties?.ServiceToken as { 'Fn::GetAtt'?: [string, string] })?.['Fn::GetAtt']?.[0])
      .filter((id): id is string => Boolean(id)),
  );

/** A prod stage with its certificates, zone and addresses: the context of fixtures/prod-before-route-stacks.json and stateful-logical-ids.json. */
export const PROD_WITH_CERTIFICATES = {
  stage: 'prod',
  domain: 'example.com',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000',
  apiCertificateArn: 'arn:aws:acm:eu-west-2:123456789012:certificate/11111111-1111-1111-1111-111111111111',
  hostedZoneId: 'Z0000000000000000000',
  alarmEmail: 'ops@example.com',
  dmarcReportEmail: 'dmarc@example.com',
};

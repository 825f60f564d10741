import { Match, Template } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, ROUTES, type RouteDef, type RouteName } from '../../shared/routes.ts';
import { TABLE_KEYS, TTL_ATTRIBUTE } from '../../shared/table.ts';
import { API_THROTTLE } from '../../lib/api.ts';
import {
  functionDescription,
  ROUTE_ENVIRONMENT,
  ROUTE_MEMORY_MB,
  ROUTE_PERMISSIONS,
  routesSharingFunction,
} from '../../lib/routeRights.ts';
import { SES_EVENT_DETAIL_TYPES, UNSUBSCRIBE_KEY_LENGTH } from '../../lib/mail.ts';
import { SCHEDULE_INPUT, SENDERS } from '../../lib/schedule.ts';
import { TABLE_ACTIONS } from '../../lib/data.ts';
import { answersHead, groupRoutePath } from '../../shared/contract.ts';
import { CLAIM_LEASE_MS } from '../../lambdas/store/sends.ts';
import { existsSync, readdirSync } from 'node:fs';
import { REPO_ROOT } from '../../lib/function.ts';
import {
  APP_SHELL_FILE,
  holdsSiteOrigin,
  PRERENDERED_PATHS,
  resolveSitePath,
} from '../../shared/sitePaths.ts';
import { contentSecurityPolicy, securityHeaderValues } from '../../lib/securityHeaders.ts';
import {
  actionsOfFunction,
  cleanUp,
  dependencyCycle,
  functionIds,
  logicalIdWhere,
  resourcesOfType,
  secretReaderIds,
  synth,
  type Synthesized,
} from './harness.ts';

const COMMON_ENV = [
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

function functionId(s: Synthesized, description: string | RegExp): string {
  return logicalIdWhere(s.template, 'AWS::Lambda::Function', (p) =>
    typeof description === 'string' ? p.Description === description : description.test(String(p.Description)),
  );
}

function envOf(s: Synthesized, logicalId: string): Record<string, unknown> {
  const fn = resourcesOfType(s.template, 'AWS::Lambda::Function')[logicalId]!;
  return (fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
}

/** The description of the function that serves a route (its own, or its group's: decision 0036). */
const routeDescription = (r: RouteDef) => functionDescription(routesSharingFunction(r));
/** What the function serving a route was given, from all the routes it serves. */
const permissionsOf = (r: RouteDef): readonly string[] =>
  routesSharingFunction(r).flatMap((member) => ROUTE_PERMISSIONS[member.name as RouteName] ?? []);
const environmentOf = (r: RouteDef): readonly string[] =>
  routesSharingFunction(r).flatMap((member) => ROUTE_ENVIRONMENT[member.name as RouteName] ?? []);
const writesOf = (r: RouteDef) =>
  routesSharingFunction(r).some((member) => member.method !== 'GET') ||
  permissionsOf(r).includes('table:write');
const ROUTE_DEFS: readonly RouteDef[] = ROUTES;
const GROUPS = [...new Set(ROUTE_DEFS.flatMap((r) => (r.group ? [r.group] : [])))];

/**
 * The rights of a function beyond its table access, sorted. X-Ray's (the `tracing` flag, on in prod)
 * are every function's alike: test/infra/observability.test.ts checks them.
 */
const beyondTable = (s: Synthesized, logicalId: string) =>
  [...actionsOfFunction(s.template, logicalId)]
    .filter((a) => !a.startsWith('dynamodb:') && !a.startsWith('xray:'))
    .sort();

const SECRET_READ = ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'];
const SES_SEND = ['ses:SendEmail', 'ses:SendRawEmail'];
/** What an async function needs to put a failed event into its dead-letter queue (on-failure destination). */
const DLQ_SEND = ['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'];

const jobId = (s: Synthesized) => functionId(s, /^Reminder job/);
const senderId = (s: Synthesized) => functionId(s, /^Reminder sender/);
/** A policy statement's resources as a list (CDK merges statements that share their actions). */
const resourcesOf = (statement: { Resource: unknown }): unknown[] =>
  Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource];
const postConfirmationId = (s: Synthesized) => functionId(s, /^Cognito PostConfirmation/);
const sesEventsId = (s: Synthesized) => functionId(s, /^SES events/);
/** The route functions with a permission in ROUTE_PERMISSIONS. */
const routesWith = (s: Synthesized, permission: string) => [
  ...new Set(
    ROUTES.filter((r) => (ROUTE_PERMISSIONS[r.name] ?? []).some((p: string) => p === permission)).map((r) =>
      functionId(s, routeDescription(r)),
    ),
  ),
];
/** The unsubscribe key (the stage's other secret is the API's origin secret). */
const isUnsubscribeKey = (props: Record<string, unknown>) =>
  String(props.Description).endsWith('HMAC key of the unsubscribe links in mails');
const sendQueueId = (s: Synthesized) =>
  logicalIdWhere(s.template, 'AWS::SQS::Queue', (props) => props.RedrivePolicy !== undefined);
const secretId = (s: Synthesized) =>
  logicalIdWhere(s.template, 'AWS::SecretsManager::Secret', isUnsubscribeKey);
const pushSecretId = (s: Synthesized) =>
  logicalIdWhere(s.template, 'AWS::SecretsManager::Secret', (props) =>
    String(props.Description).endsWith('seed of the VAPID keys that sign push notifications'),
  );

let dev: Synthesized;
let prod: Synthesized;

beforeAll(() => {
  dev = synth({ stage: 'dev' });
  prod = synth({ stage: 'prod', domain: 'example.com' });
});
afterAll(cleanUp);

describe('stack', () => {
  it('is named after the stage and defaults to London', () => {
    expect(dev.stack.stackName).toBe('RenewalReminders-dev');
    expect(prod.stack.stackName).toBe('RenewalReminders-prod');
    expect(prod.stack.terminationProtection).toBe(true);
    expect(dev.stack.terminationProtection).toBe(false);
    expect(dev.stack.region).toBe('eu-west-2');
  });

  it('has no dependency cycle between its resources (CloudFormation would reject it)', () => {
    for (const s of [dev, prod]) {
      // Each template as CloudFormation sees it (a nested stack is one resource of its parent), and
      // all of them as one.
      for (const stack of [s.stack, ...s.stack.api.routeStacks])
        expect(dependencyCycle(Template.fromStack(stack)), stack.node.path).toBeUndefined();
      expect(dependencyCycle(s.template)).toBeUndefined();
    }
  });

  it('the cycle check finds a cycle', () => {
    const template = {
      toJSON: () => ({
        Resources: {
          A: { Type: 'T', Properties: { X: { Ref: 'B' } } },
          B: { Type: 'T', Properties: { Y: { 'Fn::GetAtt': ['C', 'Arn'] } } },
          C: { Type: 'T', DependsOn: ['A'] },
        },
      }),
    } as unknown as Synthesized['template'];
    expect(dependencyCycle(template)).toEqual(['A', 'B', 'C', 'A']);
  });

  it('outputs what the SPA, scripts and operators need', () => {
    for (const name of ['SiteUrl', 'ApiUrl', 'UserPoolId', 'UserPoolClientId', 'TableName']) {
      dev.template.hasOutput(name, {});
    }
  });
});

describe('data', () => {
  it('expires items by the TTL attribute the lambdas write (shared/table.ts)', () => {
    expect(TTL_ATTRIBUTE).toBe('expires_at');
    dev.template.hasResourceProperties('AWS::DynamoDB::Table', {
      TimeToLiveSpecification: { AttributeName: 'expires_at', Enabled: true },
    });
  });

  it('has one on-demand, encrypted table with PITR and the due-date index', () => {
    dev.template.resourceCountIs('AWS::DynamoDB::Table', 1);
    dev.template.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      SSESpecification: { SSEEnabled: true },
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: TABLE_KEYS.dueIndex.name,
          KeySchema: [
            { AttributeName: TABLE_KEYS.dueIndex.partitionKey, KeyType: 'HASH' },
            { AttributeName: TABLE_KEYS.dueIndex.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    });
  });

  it('is deleted with a dev stack', () => {
    dev.template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({ DeletionProtectionEnabled: false }),
    });
  });

  it('is retained and deletion-protected in prod', () => {
    prod.template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
    });
    prod.template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtection: 'ACTIVE' }),
    });
  });
});

describe('auth', () => {
  it('signs up by e-mail with the password rule and the sign-up metadata', () => {
    dev.template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      Policies: {
        PasswordPolicy: {
          MinimumLength: 6,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        },
      },
      Schema: Match.arrayWith([
        Match.objectLike({ Name: 'email', Required: true }),
        Match.objectLike({ Name: 'given_name', Required: false, Mutable: true }),
        Match.objectLike({ Name: 'family_name', Required: false, Mutable: true }),
        Match.objectLike({ Name: 'country', AttributeDataType: 'String', Mutable: true }),
        Match.objectLike({ Name: 'marketing_consent', AttributeDataType: 'String', Mutable: true }),
      ]),
    });
  });

  it('wires the PreSignUp, CustomMessage and PostConfirmation triggers', () => {
    const preSignUp = functionId(dev, /^Cognito PreSignUp/);
    const customMessage = functionId(dev, /^Cognito CustomMessage/);
    const postConfirmation = functionId(dev, /^Cognito PostConfirmation/);
    dev.template.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: {
        PreSignUp: { 'Fn::GetAtt': [preSignUp, 'Arn'] },
        CustomMessage: { 'Fn::GetAtt': [customMessage, 'Arn'] },
        PostConfirmation: { 'Fn::GetAtt': [postConfirmation, 'Arn'] },
      },
    });
    dev.template.hasResourceProperties('AWS::Lambda::Permission', {
      FunctionName: { 'Fn::GetAtt': [preSignUp, 'Arn'] },
      Principal: 'cognito-idp.amazonaws.com',
    });
    // PreSignUp only reads the event: no rights beyond writing its own logs.
    expect(actionsOfFunction(dev.template, preSignUp)).toEqual(new Set());
    dev.template.hasResourceProperties('AWS::Lambda::Permission', {
      FunctionName: { 'Fn::GetAtt': [postConfirmation, 'Arn'] },
      Principal: 'cognito-idp.amazonaws.com',
    });
  });

  it('gives the triggers what they need and no reference back to the pool', () => {
    for (const id of [
      functionId(dev, /^Cognito PreSignUp/),
      functionId(dev, /^Cognito CustomMessage/),
      functionId(dev, /^Cognito PostConfirmation/),
    ]) {
      const env = envOf(dev, id);
      for (const name of COMMON_ENV) expect(env, name).toHaveProperty(name);
      expect(env).not.toHaveProperty('USER_POOL_ID');
      expect(env).not.toHaveProperty('USER_POOL_CLIENT_ID');
    }
    const actions = actionsOfFunction(dev.template, functionId(dev, /^Cognito PostConfirmation/));
    expect(actions).toContain('dynamodb:PutItem');
    // Only the sign-out after a password reset, on this account's pools in this region.
    expect([...actions].filter((a) => a.startsWith('cognito-idp:'))).toEqual([
      'cognito-idp:AdminUserGlobalSignOut',
    ]);
  });

  it('lets PostConfirmation send the welcome mail (SES with a domain, the unsubscribe key) and sign out after a reset, nothing more', () => {
    const signOut = 'cognito-idp:AdminUserGlobalSignOut';
    expect(beyondTable(dev, postConfirmationId(dev))).toEqual([signOut, ...SECRET_READ]);
    expect(beyondTable(prod, postConfirmationId(prod))).toEqual(
      [signOut, ...SECRET_READ, ...SES_SEND].sort(),
    );
    // On this account's user pools in the stage's region only (the pool's own ARN would make a cycle).
    const statement = Object.values(resourcesOfType(prod.template, 'AWS::IAM::Policy'))
      .flatMap(
        (p) =>
          (p.Properties!.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] }).Statement,
      )
      .find((s) => s.Action === signOut)!;
    expect(JSON.stringify(statement.Resource)).toBe(
      JSON.stringify({
        'Fn::Join': [
          '',
          [
            'arn:',
            { Ref: 'AWS::Partition' },
            ':cognito-idp:eu-west-2:',
            { Ref: 'AWS::AccountId' },
            ':userpool/*',
          ],
        ],
      }),
    );
    const env = envOf(prod, postConfirmationId(prod));
    const configurationSetId = logicalIdWhere(prod.template, 'AWS::SES::ConfigurationSet', () => true);
    expect(env.SES_CONFIGURATION_SET).toEqual({ Ref: configurationSetId });
    expect(env.EMAIL_PROVIDER).toBe('ses');
    expect(env.EMAIL_FROM).toBe('Renewal Reminders <reminders@example.com>');
    expect(env.UNSUBSCRIBE_SECRET_ARN).toEqual({ Ref: secretId(prod) });
    // CustomMessage only renders the confirmation mail (Cognito sends it): no rights beyond the table.
    expect(beyondTable(prod, functionId(prod, /^Cognito CustomMessage/))).toEqual([]);
  });

  it('keeps the triggers, their roles and policies free of any reference to the user pool', () => {
    for (const s of [dev, prod]) {
      const poolId = logicalIdWhere(s.template, 'AWS::Cognito::UserPool', () => true);
      for (const id of [
        functionId(s, /^Cognito PreSignUp/),
        functionId(s, /^Cognito CustomMessage/),
        postConfirmationId(s),
      ]) {
        const fn = resourcesOfType(s.template, 'AWS::Lambda::Function')[id]!;
        const roleId = (fn.Properties!.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
        const policies = Object.values(resourcesOfType(s.template, 'AWS::IAM::Policy')).filter((p) =>
          (p.Properties?.Roles as { Ref: string }[]).some((r) => r.Ref === roleId),
        );
        const role = resourcesOfType(s.template, 'AWS::IAM::Role')[roleId];
        expect(JSON.stringify([fn, role, policies]), id).not.toContain(poolId);
      }
    }
  });

  it('has the admin group', () => {
    dev.template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admin' });
  });

  it('has a public app client for USER_PASSWORD_AUTH with 1 h access and 30 d refresh tokens', () => {
    dev.template.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    dev.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      // No OAuth: no implicit or code grant, no hosted-UI callback (example.com or any other).
      AllowedOAuthFlowsUserPoolClient: false,
      AllowedOAuthFlows: Match.absent(),
      AllowedOAuthScopes: Match.absent(),
      CallbackURLs: Match.absent(),
      LogoutURLs: Match.absent(),
      // SignUp and the user's own token can set the sign-up form's fields only.
      WriteAttributes: ['custom:country', 'custom:marketing_consent', 'email', 'family_name', 'given_name'],
      // CUSTOM_AUTH: the confirmation link's one sign-in (decision 0023, test/infra/auth-challenge.test.ts).
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_CUSTOM_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      GenerateSecret: false,
      PreventUserExistenceErrors: 'ENABLED',
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      RefreshTokenValidity: 43200,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
    });
  });

  it('sends Cognito mail with Cognito’s own e-mail until the domain identity is verified (first deploy), then through SES', () => {
    const cognitoDefault = { EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' } };
    dev.template.hasResourceProperties('AWS::Cognito::UserPool', cognitoDefault);
    // First deploy with a domain: the identity is created in the same deploy, unverified, and
    // Cognito would refuse a pool that names it (aws-cdk #18964, #19787).
    prod.template.hasResourceProperties('AWS::Cognito::UserPool', cognitoDefault);
    expect(JSON.stringify(prod.template.findResources('AWS::Cognito::UserPool'))).not.toMatch(/SourceArn/);
    // Once -c sesVerified=true says the identity is verified: through SES, from the domain.
    const verified = synth({ stage: 'prod', domain: 'example.com', sesVerified: 'true' });
    const configurationSetId = logicalIdWhere(verified.template, 'AWS::SES::ConfigurationSet', () => true);
    const identityId = logicalIdWhere(verified.template, 'AWS::SES::EmailIdentity', () => true);
    verified.template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: {
        EmailSendingAccount: 'DEVELOPER',
        From: 'Renewal Reminders <reminders@example.com>',
        SourceArn: {
          'Fn::Join': [
            '',
            [
              'arn:',
              { Ref: 'AWS::Partition' },
              `:ses:${verified.stack.region}:`,
              { Ref: 'AWS::AccountId' },
              ':identity/example.com',
            ],
          ],
        },
        ConfigurationSet: { Ref: configurationSetId },
      },
    });
    const pool = Object.values(resourcesOfType(verified.template, 'AWS::Cognito::UserPool'))[0]!;
    expect([pool.DependsOn].flat()).toContain(identityId);
  });
});

describe('api', () => {
  it('has one arm64 Node.js 22 function per route, bundled as ESM', () => {
    for (const route of ROUTES) {
      dev.template.hasResourceProperties('AWS::Lambda::Function', {
        Description: routeDescription(route),
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        Timeout: 10,
        LoggingConfig: { LogGroup: Match.anyValue() },
      });
    }
    const routeFunctions = Object.values(resourcesOfType(dev.template, 'AWS::Lambda::Function')).filter((f) =>
      / \/api\//.test(String(f.Properties?.Description)),
    );
    // A group's routes share one (decision 0036).
    expect(routeFunctions).toHaveLength(ROUTE_DEFS.filter((r) => !r.group).length + GROUPS.length);
  });

  it('gives 256 MB to every route function but those in ROUTE_MEMORY_MB (the admin Simulate: one vCPU)', () => {
    expect(ROUTE_MEMORY_MB).toEqual({ adminRunCron: 1769 });
    for (const route of ROUTES) {
      dev.template.hasResourceProperties('AWS::Lambda::Function', {
        Description: routeDescription(route),
        MemorySize: ROUTE_MEMORY_MB[route.name] ?? 256,
      });
    }
  });

  it('gives every route function the common environment and the pool ids', () => {
    for (const route of ROUTES) {
      const env = envOf(dev, functionId(dev, routeDescription(route)));
      for (const name of [...COMMON_ENV, 'USER_POOL_ID', 'USER_POOL_CLIENT_ID'])
        expect(env, name).toHaveProperty(name);
      expect(env.NODE_OPTIONS).toBe('--enable-source-maps');
      expect(env.STAGE).toBe('dev');
      expect(env.EMAIL_PROVIDER).toBe('disabled');
      expect(JSON.parse(String(env.FEATURE_FLAGS))).toEqual({
        admin_dashboard_v1: true,
        country_cta_v1: false,
      });
    }
  });

  it('grants GET routes the item reads alone, writes only to the others and to GET routes that record something, Scan to none', () => {
    for (const route of ROUTES) {
      const actions = actionsOfFunction(dev.template, functionId(dev, routeDescription(route)));
      const table = [...actions].filter((a) => a.startsWith('dynamodb:')).sort();
      const writes = writesOf(route);
      expect(table, route.name).toEqual(
        [...TABLE_ACTIONS.read, ...(writes ? TABLE_ACTIONS.write : [])].sort(),
      );
    }
    // A feed request counts itself per token, and the first view of the link issues the token: both
    // write, so a read-only role would answer them with AccessDenied (500) on AWS, never locally.
    expect(ROUTE_PERMISSIONS.getCalendarFeed).toContain('table:write');
    expect(ROUTE_PERMISSIONS.getCalendarLink).toContain('table:write');
    expect(ROUTE_PERMISSIONS.getReminderEvent).toContain('table:write');
    // No function of the stage may Scan, DescribeTable or read streams.
    for (const id of functionIds(prod.template)) {
      const beyond = [...actionsOfFunction(prod.template, id)].filter(
        (a) =>
          a.startsWith('dynamodb:') && ![...TABLE_ACTIONS.read, ...TABLE_ACTIONS.write].includes(a as never),
      );
      expect(beyond, id).toEqual([]);
    }
  });

  it('grants the others nothing beyond the table unless the route manifest says so', () => {
    for (const route of ROUTES) {
      const actions = actionsOfFunction(dev.template, functionId(dev, routeDescription(route)));
      // Anything beyond the table only through ROUTE_PERMISSIONS (dev has no SES identity to send from).
      const permissions = permissionsOf(route);
      const beyondTable = [...actions].filter((a) => !a.startsWith('dynamodb:')).sort();
      const expected = [
        ...(permissions.includes('cognito:deleteUser')
          ? ['cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:AdminDeleteUser']
          : []),
        ...(permissions.includes('cognito:updateUser') ? ['cognito-idp:AdminUpdateUserAttributes'] : []),
        ...(permissions.includes('cognito:describePool') ? ['cognito-idp:DescribeUserPool'] : []),
        ...(permissions.includes('job:invoke') ? ['lambda:InvokeFunction'] : []),
        ...(permissions.includes('ses:status') ? ['ses:GetAccount'] : []),
        // Every route function reads the origin secret (lambdas/runtime/origin.ts); some another one too.
        ...SECRET_READ,
      ].sort();
      expect(beyondTable, route.name).toEqual(expected);
    }
  });

  it('serves one-click unsubscribe publicly: the signed token is the credential', () => {
    expect(ROUTES.find((r) => r.name === 'unsubscribe')).toMatchObject({
      method: 'POST',
      path: '/api/unsubscribe',
      access: 'public',
    });
    dev.template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: 'POST /api/unsubscribe',
      AuthorizationType: 'NONE',
    });
    expect(ROUTE_PERMISSIONS.unsubscribe).toEqual(['unsubscribe:key']);
  });

  it('gives the job name, schedule name and API URL only to the routes that read them', () => {
    const scheduleId = logicalIdWhere(dev.template, 'AWS::Scheduler::Schedule', () => true);
    const apiId = logicalIdWhere(dev.template, 'AWS::ApiGatewayV2::Api', () => true);
    for (const route of ROUTES) {
      const env = envOf(dev, functionId(dev, routeDescription(route)));
      const permissions = permissionsOf(route);
      const extra = environmentOf(route);
      if (permissions.includes('job:invoke')) expect(env.JOB_FUNCTION_NAME).toEqual({ Ref: jobId(dev) });
      else expect(env, route.name).not.toHaveProperty('JOB_FUNCTION_NAME');
      if (extra.includes('SCHEDULE_NAME')) expect(env.SCHEDULE_NAME).toEqual({ Ref: scheduleId });
      else expect(env, route.name).not.toHaveProperty('SCHEDULE_NAME');
      if (extra.includes('API_URL')) expect(JSON.stringify(env.API_URL)).toContain(apiId);
      else expect(env, route.name).not.toHaveProperty('API_URL');
    }
    expect(routesWith(dev, 'job:invoke')).toEqual([functionId(dev, 'POST /api/admin/run-cron (admin)')]);
  });

  it('has one route per manifest entry; JWT on user/admin routes, none on public ones', () => {
    // One per entry, and a HEAD beside each calendar file's GET; one proxy route per group.
    const own = ROUTE_DEFS.filter((route) => !route.group);
    dev.template.resourceCountIs(
      'AWS::ApiGatewayV2::Route',
      own.length + own.filter((route) => answersHead(route)).length + GROUPS.length,
    );
    const authorizerId = logicalIdWhere(dev.template, 'AWS::ApiGatewayV2::Authorizer', () => true);
    for (const group of GROUPS) {
      dev.template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: `ANY ${groupRoutePath(group)}`,
        AuthorizationType: 'JWT',
        AuthorizerId: { Ref: authorizerId },
      });
    }
    for (const route of own) {
      dev.template.hasResourceProperties(
        'AWS::ApiGatewayV2::Route',
        route.access === 'public'
          ? {
              RouteKey: `${route.method} ${route.path}`,
              AuthorizationType: 'NONE',
              AuthorizerId: Match.absent(),
            }
          : {
              RouteKey: `${route.method} ${route.path}`,
              AuthorizationType: 'JWT',
              AuthorizerId: { Ref: authorizerId },
            },
      );
    }
  });

  it('puts admin routes behind the same JWT authorizer (the handler checks the admin group)', () => {
    const withAdmin = synth({}, { nag: false, routes: [API.getConfig, API.adminStats] });
    withAdmin.template.resourceCountIs('AWS::ApiGatewayV2::Route', 2);
    withAdmin.template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: 'GET /api/admin/stats',
      AuthorizationType: 'JWT',
      AuthorizerId: Match.anyValue(),
    });
  });

  it('verifies Cognito tokens of the web client', () => {
    dev.template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: Match.stringLikeRegexp('WebClient') }],
        Issuer: Match.objectLike({
          'Fn::Join': Match.arrayWith([Match.arrayWith([Match.stringLikeRegexp('cognito-idp')])]),
        }),
      },
    });
  });

  it('throttles and access-logs the default stage', () => {
    dev.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingBurstLimit: API_THROTTLE.burstLimit,
        ThrottlingRateLimit: API_THROTTLE.rateLimit,
      },
      AccessLogSettings: {
        DestinationArn: Match.anyValue(),
        Format: Match.stringLikeRegexp('\\$context.requestId'),
      },
    });
  });
});

describe('log groups', () => {
  it('keep Lambda and access logs 14 days in dev and 90 in prod', () => {
    const retentions = (s: Synthesized) =>
      new Set(
        Object.values(resourcesOfType(s.template, 'AWS::Logs::LogGroup')).map(
          (l) => l.Properties?.RetentionInDays,
        ),
      );
    expect(retentions(dev).has(14)).toBe(true);
    expect(retentions(prod).has(90)).toBe(true);
    // Every function of ours writes to its own log group.
    for (const route of ROUTES) {
      const fn = resourcesOfType(dev.template, 'AWS::Lambda::Function')[
        functionId(dev, routeDescription(route))
      ]!;
      const ref = (fn.Properties!.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
      expect(resourcesOfType(dev.template, 'AWS::Logs::LogGroup')[ref]?.Properties?.RetentionInDays).toBe(14);
    }
  });
});

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
        // A send records a digest whose sender died after SES accepted it (lambdas/store/digests.ts).
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

describe('web', () => {
  it('keeps the buckets private and TLS-only', () => {
    const buckets = resourcesOfType(dev.template, 'AWS::S3::Bucket');
    expect(Object.keys(buckets).length).toBeGreaterThan(0);
    for (const bucket of Object.values(buckets)) {
      expect(bucket.Properties?.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
    }
    for (const policy of Object.values(resourcesOfType(dev.template, 'AWS::S3::BucketPolicy'))) {
      expect(JSON.stringify(policy.Properties?.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    }
  });

  it('reads the site bucket through origin access control', () => {
    dev.template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
      }),
    });
    dev.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        Origins: Match.arrayWith([Match.objectLike({ OriginAccessControlId: Match.anyValue() })]),
        CustomErrorResponses: Match.absent(),
      }),
    });
  });

  it('forwards /api/* to the HTTP API uncached, with every viewer header but Host (the calendar files aside)', () => {
    const apiId = logicalIdWhere(dev.template, 'AWS::ApiGatewayV2::Api', () => true);
    dev.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: [
          // Cached by CloudFront (test/infra/calendar-cache.test.ts).
          Match.objectLike({ PathPattern: '/api/calendar/*' }),
          Match.objectLike({
            PathPattern: '/api/*',
            CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
            OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
            AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
            ViewerProtocolPolicy: 'https-only',
          }),
        ],
        Origins: Match.arrayWith([
          Match.objectLike({
            DomainName: {
              'Fn::Join': [
                '',
                [{ Ref: apiId }, `.execute-api.${dev.stack.region}.`, { Ref: 'AWS::URLSuffix' }],
              ],
            },
            CustomOriginConfig: Match.objectLike({ OriginProtocolPolicy: 'https-only' }),
          }),
        ]),
      }),
    });
  });

  it('maps paths to pages, the app shell or the 404 page with one viewer function, as the local server does', () => {
    dev.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          FunctionAssociations: [
            Match.objectLike({ EventType: 'viewer-request' }),
            Match.objectLike({ EventType: 'viewer-response' }),
          ],
        }),
      }),
    });
    const functions = dev.template.findResources('AWS::CloudFront::Function');
    expect(Object.keys(functions)).toHaveLength(1);
    const { FunctionCode: code, FunctionConfig: config } = Object.values(functions)[0]!.Properties as {
      FunctionCode: string;
      FunctionConfig: { Runtime: string };
    };
    expect(config.Runtime).toBe('cloudfront-js-2.0');
    // CloudFront Functions take at most 10 KB of code.
    expect(code.length).toBeLessThan(10 * 1024);
    // The synthesized code itself, run as CloudFront runs it: once per request, once per response.
    type Event = {
      context: { eventType: string };
      request: { uri: string };
      response?: { statusCode: number; statusDescription?: string };
    };
    const handler = new Function(`${code}; return handler;`)() as (e: Event) => Record<string, unknown>;
    const onRequest = (uri: string) =>
      handler({ context: { eventType: 'viewer-request' }, request: { uri } }).uri;
    const onResponse = (uri: string) =>
      handler({ context: { eventType: 'viewer-response' }, request: { uri }, response: { statusCode: 200 } })
        .statusCode;
    const uris = [
      ...PRERENDERED_PATHS,
      ...PRERENDERED_PATHS.filter((p) => p !== '/').map((p) => `${p}/`),
      '/auth',
      '/auth/callback',
      '/dashboard',
      '/settings',
      '/savings',
      '/savings/',
      '/savings/3f2a9c1e-0b7d-4e55-9a51-6f1b2c3d4e5f',
      '/reminders/abc',
      '/admin',
      '/admin/run-cron',
      '/404',
      '/404.html',
      '/no-such-page',
      '/privacy/extra',
      '/reminders',
      '/admin/nope',
      '/assets/index-abc123.js',
      '/config.json',
      '/favicon.svg',
      '/sitemap.xml',
    ];
    for (const uri of uris) {
      const answer = resolveSitePath(uri);
      expect(onRequest(uri), uri).toBe(answer === 'asIs' ? uri : `/${answer.file}`);
      const status = answer === 'asIs' ? (uri === '/404.html' ? 404 : 200) : answer.status;
      expect(onResponse(uri), uri).toBe(status);
    }
    expect(onRequest('/')).toBe('/index.html');
    expect(onRequest('/energy')).toBe('/energy.html');
    expect(onRequest('/dashboard')).toBe('/app.html');
    expect(onRequest('/no-such-page')).toBe('/404.html');
    // Whichever URI CloudFront hands the response event (the viewer's or the rewritten one), the 404 page is a 404.
    expect(onResponse('/404.html')).toBe(404);
    expect(
      handler({
        context: { eventType: 'viewer-response' },
        request: { uri: '/no-such-page' },
        response: { statusCode: 304 },
      }).statusCode,
    ).toBe(304);
  });

  it('sends CSP, HSTS and the other security headers, as the shared definition has them', () => {
    // The local server sends securityHeaderValues('same-origin'): the same headers but connect-src.
    const local = securityHeaderValues('same-origin');
    const csp = contentSecurityPolicy({ region: dev.stack.region });
    expect(csp).toMatch(
      new RegExp(
        `^default-src 'self'; connect-src 'self' https://cognito-idp\\.${dev.stack.region}\\.amazonaws\\.com;.*script-src 'self';.*frame-ancestors 'none'`,
      ),
    );
    expect(csp.replace(/connect-src [^;]*/, '')).toBe(
      local['content-security-policy']!.replace(/connect-src [^;]*/, ''),
    );
    dev.template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: {
          ContentSecurityPolicy: { ContentSecurityPolicy: csp, Override: true },
          StrictTransportSecurity: {
            AccessControlMaxAgeSec: 63072000,
            IncludeSubdomains: true,
            Preload: true,
            Override: true,
          },
          FrameOptions: { FrameOption: local['x-frame-options'], Override: true },
          ContentTypeOptions: { Override: true },
          ReferrerPolicy: { ReferrerPolicy: local['referrer-policy'], Override: true },
        },
        CustomHeadersConfig: {
          Items: [{ Header: 'Permissions-Policy', Value: local['permissions-policy'], Override: true }],
        },
      }),
    });
    expect(local['strict-transport-security']).toBe('max-age=63072000; includeSubDomains; preload');
    const policyId = logicalIdWhere(dev.template, 'AWS::CloudFront::ResponseHeadersPolicy', () => true);
    const distribution = Object.values(resourcesOfType(dev.template, 'AWS::CloudFront::Distribution'))[0]!;
    const config = distribution.Properties!.DistributionConfig as {
      DefaultCacheBehavior: { ResponseHeadersPolicyId: unknown };
      CacheBehaviors: { ResponseHeadersPolicyId: unknown }[];
    };
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    expect(config.CacheBehaviors[0]!.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
  });

  it('deploys the SPA with its runtime config.json and invalidates the cache', () => {
    dev.template.hasResourceProperties('Custom::CDKBucketDeployment', {
      DistributionPaths: ['/*'],
      DistributionId: Match.anyValue(),
    });
    // The deployment of index.html and config.json (the hashed assets go in another: deploy.test.ts).
    const deployment = Object.values(resourcesOfType(dev.template, 'Custom::CDKBucketDeployment')).find(
      (d) => d.Properties!.DistributionId !== undefined,
    )!;
    // The build (or the placeholder) and config.json; with a build in web/dist, also each page, the
    // sitemap and robots.txt on their own, with the site URL written in (deploy.test.ts).
    const dist = `${REPO_ROOT}web/dist`;
    const pages = existsSync(`${dist}/${APP_SHELL_FILE}`)
      ? readdirSync(dist).filter(holdsSiteOrigin).length
      : 0;
    expect(deployment.Properties!.SourceBucketNames).toHaveLength(2 + pages);
    expect(deployment.Properties!.SourceObjectKeys).toHaveLength(2 + pages);
    // config.json carries the pool ids as deploy-time markers.
    expect(JSON.stringify(deployment.Properties!.SourceMarkers)).toMatch(/UserPool/);
  });

  it('links mails to the CloudFront URL when no domain is given (no dependency cycle)', () => {
    const distributionId = logicalIdWhere(dev.template, 'AWS::CloudFront::Distribution', () => true);
    const expected = { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }]] };
    expect(envOf(dev, functionId(dev, /^Cognito CustomMessage/)).SITE_URL).toEqual(expected);
    expect(envOf(dev, functionId(dev, /^Reminder job/)).SITE_URL).toEqual(expected);
    expect(envOf(dev, postConfirmationId(dev)).SITE_URL).toEqual(expected);
    dev.template.hasOutput('SiteUrl', { Value: expected });
  });
});

describe('custom domain', () => {
  let custom: Synthesized;
  beforeAll(() => {
    custom = synth({
      stage: 'prod',
      domain: 'example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000',
      hostedZoneId: 'Z0000000000000000000',
    });
  });

  it('links mails to the domain', () => {
    expect(envOf(custom, functionId(custom, /^Reminder job/)).SITE_URL).toBe('https://example.com');
    expect(envOf(custom, postConfirmationId(custom)).SITE_URL).toBe('https://example.com');
    custom.template.hasOutput('SiteUrl', { Value: 'https://example.com' });
  });

  it('has no dependency cycle', () => {
    expect(dependencyCycle(custom.template)).toBeUndefined();
  });

  it('serves the domain with a modern TLS policy and alias records', () => {
    custom.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['example.com'],
        ViewerCertificate: Match.objectLike({
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        }),
      }),
    });
    custom.template.hasResourceProperties('AWS::Route53::RecordSet', { Type: 'A', Name: 'example.com.' });
    custom.template.hasResourceProperties('AWS::Route53::RecordSet', { Type: 'AAAA', Name: 'example.com.' });
  });

  it('publishes the SES DKIM records in the zone', () => {
    const cnames = Object.values(resourcesOfType(custom.template, 'AWS::Route53::RecordSet')).filter(
      (r) => r.Properties?.Type === 'CNAME',
    );
    expect(cnames).toHaveLength(3);
    const dkimOutputs = (s: Synthesized) =>
      Object.keys(s.template.findOutputs('*')).filter((name) => name.startsWith('DkimRecord'));
    expect(dkimOutputs(custom)).toEqual([]);
    expect(dkimOutputs(prod)).toHaveLength(3);
    expect(dkimOutputs(dev)).toEqual([]);
  });
});

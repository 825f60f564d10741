import { Match } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../shared/routes.ts';
import { TABLE_KEYS } from '../../shared/table.ts';
import { API_THROTTLE, ROUTE_PERMISSIONS } from '../../lib/api.ts';
import { TTL_ATTRIBUTE } from '../../lib/data.ts';
import { SPA_REWRITE_FUNCTION } from '../../lib/web.ts';
import {
  actionsOfFunction,
  cleanUp,
  logicalIdWhere,
  resourcesOfType,
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

const routeDescription = (r: (typeof ROUTES)[number]) => `${r.method} ${r.path} (${r.access})`;

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
    expect(dev.stack.region).toBe(process.env.AWS_REGION ?? process.env.CDK_DEFAULT_REGION ?? 'eu-west-2');
  });

  it('outputs what the SPA, scripts and operators need', () => {
    for (const name of ['SiteUrl', 'ApiUrl', 'UserPoolId', 'UserPoolClientId', 'TableName']) {
      dev.template.hasOutput(name, {});
    }
  });
});

describe('data', () => {
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
  it('signs up by e-mail with the spec’s password rule and the sign-up metadata', () => {
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

  it('wires the CustomMessage and PostConfirmation triggers', () => {
    const customMessage = functionId(dev, /^Cognito CustomMessage/);
    const postConfirmation = functionId(dev, /^Cognito PostConfirmation/);
    dev.template.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: {
        CustomMessage: { 'Fn::GetAtt': [customMessage, 'Arn'] },
        PostConfirmation: { 'Fn::GetAtt': [postConfirmation, 'Arn'] },
      },
    });
    dev.template.hasResourceProperties('AWS::Lambda::Permission', {
      FunctionName: { 'Fn::GetAtt': [postConfirmation, 'Arn'] },
      Principal: 'cognito-idp.amazonaws.com',
    });
  });

  it('gives the triggers what they need and no reference back to the pool', () => {
    for (const id of [
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
    expect([...actions].filter((a) => a.startsWith('cognito-idp:'))).toEqual([]);
  });

  it('has the admin group', () => {
    dev.template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admin' });
  });

  it('has a public app client for USER_PASSWORD_AUTH with 1 h access and 30 d refresh tokens', () => {
    dev.template.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    dev.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      GenerateSecret: false,
      PreventUserExistenceErrors: 'ENABLED',
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      RefreshTokenValidity: 43200,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
    });
  });

  it('sends Cognito mail through SES from the domain when one is given, else Cognito’s default', () => {
    dev.template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' },
    });
    prod.template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: {
        EmailSendingAccount: 'DEVELOPER',
        From: 'Renewal Reminders <reminders@example.com>',
        SourceArn: Match.anyValue(),
        ConfigurationSet: Match.anyValue(),
      },
    });
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
    expect(routeFunctions).toHaveLength(ROUTES.length);
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

  it('grants table reads to GET routes and writes only to the others', () => {
    for (const route of ROUTES) {
      const actions = actionsOfFunction(dev.template, functionId(dev, routeDescription(route)));
      expect(actions, route.name).toContain('dynamodb:GetItem');
      expect(actions, route.name).toContain('dynamodb:Query');
      if (route.method === 'GET') {
        expect(actions, route.name).not.toContain('dynamodb:PutItem');
        expect(actions, route.name).not.toContain('dynamodb:DeleteItem');
        expect(actions, route.name).not.toContain('dynamodb:UpdateItem');
      } else {
        expect(actions, route.name).toContain('dynamodb:PutItem');
      }
      // Anything beyond the table only through ROUTE_PERMISSIONS (dev has no SES identity to send from).
      const permissions: readonly string[] = ROUTE_PERMISSIONS[route.name] ?? [];
      const beyondTable = [...actions].filter((a) => !a.startsWith('dynamodb:')).sort();
      const expected = [
        ...(permissions.includes('cognito:deleteUser') ? ['cognito-idp:AdminDeleteUser'] : []),
        ...(permissions.includes('cognito:updateUser') ? ['cognito-idp:AdminUpdateUserAttributes'] : []),
        ...(permissions.includes('job:invoke') ? ['lambda:InvokeFunction'] : []),
        ...(permissions.includes('ses:status') ? ['ses:GetAccount'] : []),
      ].sort();
      expect(beyondTable, route.name).toEqual(expected);
    }
  });

  it('has one route per manifest entry; JWT on user/admin routes, none on public ones', () => {
    dev.template.resourceCountIs('AWS::ApiGatewayV2::Route', ROUTES.length);
    const authorizerId = logicalIdWhere(dev.template, 'AWS::ApiGatewayV2::Authorizer', () => true);
    for (const route of ROUTES) {
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
    // The manifest has no admin route yet: build one from an existing handler file.
    const withAdmin = synth(
      {},
      {
        nag: false,
        routes: [
          { name: 'getConfig', method: 'GET', path: '/api/config', access: 'public' },
          { name: 'getMe', method: 'GET', path: '/api/admin/stats', access: 'admin' },
        ],
      },
    );
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
  it('runs at 08:00 Europe/London', () => {
    const job = functionId(dev, /^Daily reminder job/);
    dev.template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'cron(0 8 * * ? *)',
      ScheduleExpressionTimezone: 'Europe/London',
      FlexibleTimeWindow: { Mode: 'OFF' },
      State: 'ENABLED',
      Target: Match.objectLike({ Arn: { 'Fn::GetAtt': [job, 'Arn'] }, RoleArn: Match.anyValue() }),
    });
  });

  it('has 15 minutes, the table and (with a domain) SES', () => {
    dev.template.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('^Daily reminder job'),
      Timeout: 900,
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
    });
    const devActions = actionsOfFunction(dev.template, functionId(dev, /^Daily reminder job/));
    expect(devActions).toContain('dynamodb:PutItem');
    expect(devActions).not.toContain('ses:SendEmail');
    const prodActions = actionsOfFunction(prod.template, functionId(prod, /^Daily reminder job/));
    expect(prodActions).toContain('ses:SendEmail');
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
    const env = envOf(prod, functionId(prod, /^Daily reminder job/));
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

  it('forwards /api/* to the HTTP API uncached, with every viewer header but Host', () => {
    const apiId = logicalIdWhere(dev.template, 'AWS::ApiGatewayV2::Api', () => true);
    dev.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: [
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

  it('rewrites client routes to index.html with a viewer-request function', () => {
    dev.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
        }),
      }),
    });
    dev.template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: SPA_REWRITE_FUNCTION,
      FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
    });
    const handler = new Function(`${SPA_REWRITE_FUNCTION}; return handler;`)() as (e: {
      request: { uri: string };
    }) => { uri: string };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/dashboard')).toBe('/index.html');
    expect(rewrite('/savings/3f2a9c1e-0b7d-4e55-9a51-6f1b2c3d4e5f')).toBe('/index.html');
    expect(rewrite('/admin/run-cron')).toBe('/index.html');
    expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(rewrite('/config.json')).toBe('/config.json');
    expect(rewrite('/favicon.ico')).toBe('/favicon.ico');
  });

  it('sends CSP, HSTS and the other security headers', () => {
    dev.template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: {
          ContentSecurityPolicy: {
            ContentSecurityPolicy: Match.stringLikeRegexp(
              `^default-src 'self'; connect-src 'self' https://cognito-idp\\.${dev.stack.region}\\.amazonaws\\.com;.*frame-ancestors 'none'`,
            ),
            Override: true,
          },
          StrictTransportSecurity: {
            AccessControlMaxAgeSec: 63072000,
            IncludeSubdomains: true,
            Preload: true,
            Override: true,
          },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ContentTypeOptions: { Override: true },
          ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
        },
      }),
    });
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
    const deployment = Object.values(resourcesOfType(dev.template, 'Custom::CDKBucketDeployment'))[0]!;
    expect(deployment.Properties!.SourceBucketNames).toHaveLength(2);
    expect(deployment.Properties!.SourceObjectKeys).toHaveLength(2);
    // config.json carries the pool ids as deploy-time markers.
    expect(JSON.stringify(deployment.Properties!.SourceMarkers)).toMatch(/UserPool/);
  });

  it('links mails to the CloudFront URL when no domain is given (no dependency cycle)', () => {
    const distributionId = logicalIdWhere(dev.template, 'AWS::CloudFront::Distribution', () => true);
    const expected = { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }]] };
    expect(envOf(dev, functionId(dev, /^Cognito CustomMessage/)).SITE_URL).toEqual(expected);
    expect(envOf(dev, functionId(dev, /^Daily reminder job/)).SITE_URL).toEqual(expected);
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
    expect(envOf(custom, functionId(custom, /^Daily reminder job/)).SITE_URL).toBe('https://example.com');
    custom.template.hasOutput('SiteUrl', { Value: 'https://example.com' });
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

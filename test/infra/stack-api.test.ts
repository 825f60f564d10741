/** The HTTP API: its routes, their functions, rights, environments and throttles; the log groups. */
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { API, ROUTES } from '../../shared/routes.ts';
import { API_THROTTLE } from '../../lib/api.ts';
import {
  ROUTE_MEMORY_MB,
  ROUTE_TIMEOUT_SECONDS,
  ROUTE_PERMISSIONS,
  ROUTE_TABLE_ACCESS,
  type TableAccess,
} from '../../lib/routeRights.ts';
import { TABLE_ACTIONS } from '../../lib/data.ts';
import { answersHead, groupRoutePath } from '../../shared/contract.ts';
import {
  devAndProd,
  actionsOfFunction,
  functionIds,
  logicalIdWhere,
  resourcesOfType,
  synth,
  type Synthesized,
} from './harness.ts';
import {
  functionId,
  envOf,
  routeDescription,
  permissionsOf,
  environmentOf,
  writesOf,
  ROUTE_DEFS,
  GROUPS,
  jobId,
  routesWith,
  COMMON_ENV,
  SECRET_READ,
  LOG_WRITE,
} from './stack-helpers.ts';

const { dev, prod } = devAndProd();

describe('api', () => {
  it('has one arm64 Node.js 22 function per route, bundled as ESM', () => {
    for (const route of ROUTES) {
      dev.template.hasResourceProperties('AWS::Lambda::Function', {
        Description: routeDescription(route),
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        // 10 s, but for the routes that need longer (reading an uploaded letter).
        Timeout: ROUTE_TIMEOUT_SECONDS[route.name] ?? 10,
        LoggingConfig: { LogGroup: Match.anyValue() },
      });
    }
    const routeFunctions = Object.values(resourcesOfType(dev.template, 'AWS::Lambda::Function')).filter((f) =>
      / \/api\//.test(String(f.Properties?.Description)),
    );
    // A group's routes share one (decision 0036).
    expect(routeFunctions).toHaveLength(ROUTE_DEFS.filter((r) => !r.group).length + GROUPS.length);
  });

  it('gives 256 MB to every route function but those in ROUTE_MEMORY_MB (the admin Simulate: one vCPU; reading a letter)', () => {
    expect(ROUTE_MEMORY_MB).toEqual({ adminRunCron: 1769, uploadToInbox: 2048 });
    expect(ROUTE_TIMEOUT_SECONDS).toEqual({ uploadToInbox: 28 });
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
      // Public routes that need less have exactly that (test/infra/least-privilege.test.ts).
      const scoped = (ROUTE_TABLE_ACCESS as Partial<Record<string, TableAccess>>)[route.name];
      const expected = scoped
        ? [...(scoped.reads ? TABLE_ACTIONS.read : []), ...(scoped.writes?.actions ?? [])]
        : [...TABLE_ACTIONS.read, ...(writes ? TABLE_ACTIONS.write : [])];
      expect(table, route.name).toEqual(expected.sort());
    }
    // A feed request counts itself per token, and the first view of the link issues the token: both
    // write, so a read-only role would answer them with AccessDenied (500) on AWS, never locally.
    expect(ROUTE_TABLE_ACCESS.getCalendarFeed?.writes?.actions).toEqual(['dynamodb:UpdateItem']);
    expect(ROUTE_PERMISSIONS.getCalendarLink).toContain('table:write');
    expect(ROUTE_TABLE_ACCESS.getReminderEvent?.writes?.actions).toEqual(['dynamodb:UpdateItem']);
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
      const beyondTable = [...actions]
        .filter((a) => !a.startsWith('dynamodb:') && !LOG_WRITE.includes(a))
        .sort();
      const expected = [
        ...(permissions.includes('cognito:deleteUser')
          ? ['cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:AdminDeleteUser']
          : []),
        ...(permissions.includes('cognito:signOut') ? ['cognito-idp:AdminUserGlobalSignOut'] : []),
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

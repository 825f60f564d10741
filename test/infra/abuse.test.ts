import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { answersHead, groupRoutePath } from '../../shared/contract.ts';
import { API, ROUTES, type RouteDef } from '../../shared/routes.ts';
import { PUBLIC_ROUTE_THROTTLE, publicRouteThrottle } from '../../lib/api.ts';
import { functionDescription, routesSharingFunction } from '../../lib/routeRights.ts';
import { ACCESS_TOKEN_SCOPE, ORIGIN_VERIFY_HEADER } from '../../shared/identity.ts';
import { BODY_SIZE_RULE, EDGE_REGION, MANAGED_RULE_GROUPS, RATE_LIMITS } from '../../lib/edge.ts';
import { cleanUp, resourcesOfType, secretReaderIds, synth } from './harness.ts';

afterAll(cleanUp);

const dev = synth({ stage: 'dev' });
const prod = synth({ stage: 'prod', domain: 'example.com' });
/** The API route a manifest route is served through: its own, or its group's (decision 0036). */
const routeKey = (route: { method: string; path: string; group?: string }) =>
  route.group ? `ANY ${groupRoutePath(route.group)}` : `${route.method} ${route.path}`;
/** Every route key the API has for a manifest route: its method, and HEAD for the calendar files. */
const routeKeys = (route: RouteDef) => [
  routeKey(route),
  ...(answersHead(route) ? [routeKey({ method: 'HEAD', path: route.path })] : []),
];

describe('tokens on AWS', () => {
  const routes = Object.values(resourcesOfType(dev.template, 'AWS::ApiGatewayV2::Route'));
  const byKey = new Map(routes.map((r) => [r.Properties!.RouteKey as string, r.Properties!]));

  it('has the manifest’s routes and a public one among them, and HEAD beside each calendar file’s GET', () => {
    expect([...byKey.keys()].sort()).toEqual([...new Set(ROUTES.flatMap(routeKeys))].sort());
    // HEAD used to answer 404: a GET route does not match it in an HTTP API.
    expect(byKey.get('HEAD /api/calendar/{token}')).toMatchObject({ AuthorizationType: 'NONE' });
    expect(byKey.get('HEAD /api/calendar/event/{token}')).toMatchObject({ AuthorizationType: 'NONE' });
    expect(ROUTES.some((r) => r.access === 'public')).toBe(true);
  });

  it('requires the access-token scope on every signed-in route, so ID tokens are refused', () => {
    for (const route of ROUTES.filter((r) => r.access !== 'public')) {
      const properties = byKey.get(routeKey(route))!;
      expect(properties.AuthorizationType, route.name).toBe('JWT');
      expect(properties.AuthorizationScopes, route.name).toEqual([ACCESS_TOKEN_SCOPE]);
    }
  });

  it('leaves public routes without authorizer and without scopes', () => {
    for (const route of ROUTES.filter((r) => r.access === 'public')) {
      const properties = byKey.get(routeKey(route))!;
      expect(properties.AuthorizationType, route.name).toBe('NONE');
      expect(properties.AuthorizerId, route.name).toBeUndefined();
      expect(properties.AuthorizationScopes, route.name).toBeUndefined();
    }
  });

  it('follows the manifest: a route added as public gets neither, as admin gets the scope', () => {
    const custom = synth({}, { nag: false, routes: [API.getConfig, API.adminStats] });
    custom.template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: 'GET /api/admin/stats',
      AuthorizationScopes: [ACCESS_TOKEN_SCOPE],
    });
    custom.template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: 'GET /api/config',
      AuthorizationScopes: Match.absent(),
    });
  });
});

describe('per-route throttles', () => {
  const stage = Object.values(resourcesOfType(dev.template, 'AWS::ApiGatewayV2::Stage'))[0]!;
  const settings = stage.Properties!.RouteSettings as Record<
    string,
    { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }
  >;

  it('limits exactly the public routes of the manifest, reads, writes and calendar files apart', () => {
    const publicRoutes = ROUTES.filter((r) => r.access === 'public');
    expect(Object.keys(settings).sort()).toEqual(publicRoutes.flatMap(routeKeys).sort());
    for (const route of publicRoutes) {
      const limit = publicRouteThrottle(route);
      for (const key of routeKeys(route)) {
        expect(settings[key], key).toEqual({
          ThrottlingRateLimit: limit.rateLimit,
          ThrottlingBurstLimit: limit.burstLimit,
        });
      }
    }
    // 100,000 feeds polled hourly through CloudFront's cache are about 28 requests/s at the API.
    for (const route of [API.getCalendarFeed, API.getReminderEvent])
      expect(publicRouteThrottle(route)).toBe(PUBLIC_ROUTE_THROTTLE.calendar);
    expect(PUBLIC_ROUTE_THROTTLE.calendar.rateLimit).toBeGreaterThanOrEqual((100_000 / 3600) * 4);
    expect(settings[routeKey(API.getConfig)]!.ThrottlingRateLimit).toBe(PUBLIC_ROUTE_THROTTLE.read.rateLimit);
    expect(settings[routeKey(API.unsubscribe)]!.ThrottlingRateLimit).toBe(
      PUBLIC_ROUTE_THROTTLE.write.rateLimit,
    );
  });

  it('creates the stage after the routes it has settings for (API Gateway needs them to exist)', () => {
    const dependsOn = [stage.DependsOn ?? []].flat() as string[];
    const routes = resourcesOfType(dev.template, 'AWS::ApiGatewayV2::Route');
    const publicRouteIds = Object.entries(routes)
      .filter(([, r]) => r.Properties!.AuthorizationType === 'NONE')
      .map(([id]) => id);
    for (const id of publicRouteIds) expect(dependsOn).toContain(id);
  });
});

const startsWith = (prefix: string) => ({
  ByteMatchStatement: {
    FieldToMatch: { UriPath: {} },
    PositionalConstraint: 'STARTS_WITH',
    SearchString: prefix,
    TextTransformations: [{ Priority: 0, Type: 'NONE' }],
  },
});
const notCalendar = { NotStatement: { Statement: startsWith('/api/calendar/') } };

interface Rule {
  Name: string;
  Priority: number;
  Action?: unknown;
  Statement: { ManagedRuleGroupStatement?: { RuleActionOverrides?: unknown } } & Record<string, unknown>;
}

describe('web ACL (us-east-1)', () => {
  const edge = Template.fromStack(dev.stack.edge!);

  it('lives in its own stack in us-east-1, as CloudFront requires', () => {
    expect(dev.stack.edge!.region).toBe(EDGE_REGION);
    expect(dev.stack.edge!.stackName).toBe('RenewalReminders-dev-edge');
    edge.resourceCountIs('AWS::WAFv2::WebACL', 1);
  });

  it('blocks a client address over the API rate and over the site rate, and runs the managed rules', () => {
    edge.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      Rules: [
        ...MANAGED_RULE_GROUPS.map((group) =>
          Match.objectLike({
            Name: group,
            OverrideAction: { None: {} },
            Statement: { ManagedRuleGroupStatement: Match.objectLike({ VendorName: 'AWS', Name: group }) },
          }),
        ),
        Match.objectLike({ Name: BODY_SIZE_RULE.name }),
        Match.objectLike({
          Name: 'ApiRatePerClient',
          Action: { Block: {} },
          Statement: {
            RateBasedStatement: {
              AggregateKeyType: 'IP',
              Limit: RATE_LIMITS.apiPerClient,
              EvaluationWindowSec: RATE_LIMITS.windowSeconds,
              ScopeDownStatement: {
                AndStatement: { Statements: [startsWith('/api/'), notCalendar] },
              },
            },
          },
        }),
        Match.objectLike({
          Name: 'SiteRatePerClient',
          Action: { Block: {} },
          Statement: {
            RateBasedStatement: {
              AggregateKeyType: 'IP',
              Limit: RATE_LIMITS.sitePerClient,
              EvaluationWindowSec: RATE_LIMITS.windowSeconds,
              ScopeDownStatement: notCalendar,
            },
          },
        }),
        // Calendar services fetch every feed from a few shared addresses: counted per token (path).
        Match.objectLike({
          Name: 'CalendarRatePerToken',
          Action: { Block: {} },
          Statement: {
            RateBasedStatement: {
              AggregateKeyType: 'CUSTOM_KEYS',
              CustomKeys: [{ UriPath: { TextTransformations: [{ Priority: 0, Type: 'NONE' }] } }],
              Limit: RATE_LIMITS.calendarPerToken,
              EvaluationWindowSec: RATE_LIMITS.windowSeconds,
              ScopeDownStatement: startsWith('/api/calendar/'),
            },
          },
        }),
      ],
    });
  });

  it('lets the import past the 8 KB body rule and nothing else: the rule counts, a label rule blocks all but the import', () => {
    const rules = Object.values(resourcesOfType(edge, 'AWS::WAFv2::WebACL'))[0]!.Properties!.Rules as Rule[];
    const common = rules.find((r) => r.Name === 'AWSManagedRulesCommonRuleSet')!;
    // Only the size rule is overridden, and only to count (which labels the request).
    expect(common.Statement.ManagedRuleGroupStatement?.RuleActionOverrides).toEqual([
      { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
    ]);
    const bodySize = rules.find((r) => r.Name === BODY_SIZE_RULE.name)!;
    expect(bodySize.Priority).toBeGreaterThan(common.Priority);
    expect(bodySize.Action).toEqual({ Block: {} });
    expect(bodySize.Statement).toEqual({
      AndStatement: {
        Statements: [
          {
            LabelMatchStatement: {
              Scope: 'LABEL',
              Key: 'awswaf:managed:aws:core-rule-set:SizeRestrictions_Body',
            },
          },
          {
            NotStatement: {
              Statement: {
                AndStatement: {
                  Statements: [
                    {
                      ByteMatchStatement: {
                        FieldToMatch: { Method: {} },
                        PositionalConstraint: 'EXACTLY',
                        SearchString: 'POST',
                        TextTransformations: [{ Priority: 0, Type: 'NONE' }],
                      },
                    },
                    {
                      ByteMatchStatement: {
                        FieldToMatch: { UriPath: {} },
                        PositionalConstraint: 'EXACTLY',
                        SearchString: '/api/reminders/import',
                        TextTransformations: [{ Priority: 0, Type: 'NONE' }],
                      },
                    },
                  ],
                },
              },
            },
          },
        ],
      },
    });
    expect(new Set(rules.map((r) => r.Priority)).size).toBe(rules.length);
  });

  it('is the distribution’s web ACL in every stage', () => {
    for (const s of [dev, prod]) {
      const distribution = Object.values(resourcesOfType(s.template, 'AWS::CloudFront::Distribution'))[0]!;
      const webAclId = (distribution.Properties!.DistributionConfig as { WebACLId?: unknown }).WebACLId;
      // Read across regions through the reference CDK keeps in SSM (a custom resource), never a literal.
      expect(JSON.stringify(webAclId)).toMatch(/ExportsReader/);
    }
  });
});

const API_CERTIFICATE = 'arn:aws:acm:eu-west-2:123456789012:certificate/11111111-1111-1111-1111-111111111111';

describe('the API only through CloudFront', () => {
  const withDomain = synth({
    stage: 'prod',
    domain: 'example.com',
    apiCertificateArn: API_CERTIFICATE,
    hostedZoneId: 'Z0000000000000000000',
  });
  const apiOrigin = (s: typeof dev) => {
    const distribution = Object.values(resourcesOfType(s.template, 'AWS::CloudFront::Distribution'))[0]!;
    const config = distribution.Properties!.DistributionConfig as {
      Origins: { Id: string; DomainName: unknown }[];
      CacheBehaviors: { PathPattern: string; TargetOriginId: string }[];
    };
    const behaviour = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*')!;
    return config.Origins.find((o) => o.Id === behaviour.TargetOriginId)!.DomainName;
  };

  it('switches the execute-api endpoint off when the API has its own name, which CloudFront uses', () => {
    withDomain.template.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: true });
    withDomain.template.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: 'api.example.com',
      DomainNameConfigurations: [
        Match.objectLike({ CertificateArn: API_CERTIFICATE, SecurityPolicy: 'TLS_1_2' }),
      ],
    });
    withDomain.template.hasResourceProperties('AWS::ApiGatewayV2::ApiMapping', { Stage: '$default' });
    expect(apiOrigin(withDomain)).toBe('api.example.com');
    for (const type of ['AWS::Route53::RecordSet']) {
      withDomain.template.hasResourceProperties(type, { Name: 'api.example.com.', Type: 'A' });
      withDomain.template.hasResourceProperties(type, { Name: 'api.example.com.', Type: 'AAAA' });
    }
  });

  it('keeps execute-api where it is the API’s only name (no API certificate)', () => {
    for (const s of [dev, prod]) {
      s.template.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: false });
      s.template.resourceCountIs('AWS::ApiGatewayV2::DomainName', 0);
      expect(JSON.stringify(apiOrigin(s))).toContain('.execute-api.');
    }
  });

  it('has CloudFront add the stage’s origin secret, which every API function checks, on every stage', () => {
    for (const s of [dev, prod, withDomain]) {
      const secrets = resourcesOfType(s.template, 'AWS::SecretsManager::Secret');
      const [originId] = Object.entries(secrets).find(([, r]) =>
        String(r.Properties!.Description).endsWith('the header value CloudFront adds to API requests'),
      )!;
      // A dynamic reference resolved by CloudFormation at deploy time: the value is never in the template.
      const reference = {
        'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: originId }, ':SecretString:::}}']],
      };
      const distribution = Object.values(resourcesOfType(s.template, 'AWS::CloudFront::Distribution'))[0]!;
      const config = distribution.Properties!.DistributionConfig as {
        Origins: { Id: string; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[];
        CacheBehaviors: { PathPattern: string; TargetOriginId: string }[];
      };
      const behaviour = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*')!;
      const origin = config.Origins.find((o) => o.Id === behaviour.TargetOriginId)!;
      expect(origin.OriginCustomHeaders).toEqual([
        { HeaderName: ORIGIN_VERIFY_HEADER, HeaderValue: reference },
      ]);
      // One function per route, or per group of routes (decision 0036).
      const descriptions = new Set(ROUTES.map((r) => functionDescription(routesSharingFunction(r))));
      const routeFunctions = Object.values(resourcesOfType(s.template, 'AWS::Lambda::Function')).filter((f) =>
        descriptions.has(String(f.Properties!.Description)),
      );
      expect(routeFunctions).toHaveLength(descriptions.size);
      // Each reads it on its first request by its ARN (lambdas/runtime/origin.ts), and only they may.
      for (const fn of routeFunctions) {
        const variables = (fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
        expect(variables.ORIGIN_VERIFY_SECRET_ARN, String(fn.Properties!.Description)).toEqual({
          Ref: originId,
        });
      }
      const routeFunctionIds = Object.entries(resourcesOfType(s.template, 'AWS::Lambda::Function'))
        .filter(([, f]) => descriptions.has(String(f.Properties!.Description)))
        .map(([id]) => id);
      expect(secretReaderIds(s.template, originId)).toEqual(routeFunctionIds.sort());
      // No function of the stage holds the value, or a reference CloudFormation would resolve to it.
      for (const fn of Object.values(resourcesOfType(s.template, 'AWS::Lambda::Function'))) {
        const environment = JSON.stringify(fn.Properties!.Environment ?? {});
        expect(environment, String(fn.Properties!.Description)).not.toContain('{{resolve:secretsmanager:');
        expect(environment).not.toMatch(/"ORIGIN_VERIFY"/);
      }
    }
  });

  it('refuses an API certificate without a domain', () => {
    expect(() => synth({ stage: 'dev2', apiCertificateArn: API_CERTIFICATE })).toThrow(/needs -c domain/);
  });
});

describe('API access logs', () => {
  it('record the edge address, the user agent and the signed-in caller of every request', () => {
    const stage = Object.values(resourcesOfType(dev.template, 'AWS::ApiGatewayV2::Stage'))[0]!;
    const format = JSON.parse((stage.Properties!.AccessLogSettings as { Format: string }).Format) as Record<
      string,
      string
    >;
    expect(format).toMatchObject({
      edgeIp: '$context.identity.sourceIp',
      userAgent: '$context.identity.userAgent',
      sub: '$context.authorizer.claims.sub',
      routeKey: '$context.routeKey',
      status: '$context.status',
    });
  });
});

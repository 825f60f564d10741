import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  type CfnStage,
  DomainName,
  HttpApi,
  type HttpStage,
  LogGroupLogDestination,
  SecurityPolicy,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { AaaaRecord, ARecord, PublicHostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { ApiGatewayv2DomainProperties } from 'aws-cdk-lib/aws-route53-targets';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ROUTES, type RouteDef } from '../shared/routes.ts';
import { apiDomainName, stageLogGroup, stageName, type StageConfig } from './config.ts';
import type { Data } from './data.ts';
import type { AppFunction } from './function.ts';
import type { Mail } from './mail.ts';
import { RouteStack } from './routeStack.ts';
import { ROUTE_STACK_MAP, routeStackOf, type RouteStackMap } from './routeStackMap.ts';

/**
 * The stage's default throttle (requests per second, burst). HTTP APIs apply it to each route on its
 * own (DefaultRouteSettings), across all callers; RouteSettings below override it per route.
 */
export const API_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;

/**
 * Tighter limits on the routes anyone can call without signing in, so that a flood of them cannot
 * use up the stage's limit for signed-in users. API Gateway counts these per route for all callers;
 * the per-client limit is the web ACL's rate rule (lib/edge.ts). Reads answer from a counter or a
 * constant; writes put an item each.
 *
 * The calendar files (feed, event links) have their own, sized for 100,000 subscribed calendars:
 * CloudFront caches each token's answer for an hour (lib/web.ts), so the API sees about one request
 * per token per hour and edge location, 28/s on average for 100,000 feeds, in bursts when a calendar
 * service polls. Their per-client limit is per token (the web ACL's CalendarRatePerToken and the
 * handler's own count), since calendar services fetch from a few shared addresses
 * (docs/operations.md, "Capacity").
 */
export const PUBLIC_ROUTE_THROTTLE = {
  read: { rateLimit: 10, burstLimit: 20 },
  write: { rateLimit: 5, burstLimit: 10 },
  calendar: { rateLimit: 150, burstLimit: 300 },
} as const;

export const publicRouteThrottle = (route: RouteDef) =>
  route.file
    ? PUBLIC_ROUTE_THROTTLE.calendar
    : route.method === 'GET'
      ? PUBLIC_ROUTE_THROTTLE.read
      : PUBLIC_ROUTE_THROTTLE.write;

/**
 * The API's access log line. HTTP API access logs can carry context variables but no request header,
 * and behind CloudFront `sourceIp` is the CloudFront edge's address, not the viewer's: it is logged
 * as `edgeIp`. The viewer's address is in CloudFront's standard logs (c-ip, with the same path, time
 * and user agent) and in the web ACL's sampled requests; `sub` names the signed-in caller.
 */
export const API_ACCESS_LOG_FORMAT = {
  requestId: '$context.requestId',
  edgeIp: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
  sub: '$context.authorizer.claims.sub',
  requestTime: '$context.requestTime',
  domainName: '$context.domainName',
  routeKey: '$context.routeKey',
  status: '$context.status',
  responseLength: '$context.responseLength',
  latencyMs: '$context.responseLatency',
  integrationError: '$context.integrationErrorMessage',
  authorizerError: '$context.authorizer.error',
} as const;

export interface ApiProps {
  config: StageConfig;
  data: Data;
  mail: Mail;
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
  /** The reminder job, for routes with the 'job:invoke' permission. */
  reminderJob: IFunction;
  /** The reminder job's schedule name (SCHEDULE_NAME, shown by the admin health check). */
  scheduleName: string;
  /** Environment common to every function (the pool ids are added here). */
  environment: Record<string, string>;
  /** Route manifest; the default is shared/routes.ts, tests may pass their own. */
  routes?: readonly RouteDef[];
  /** Which route stack holds each function; the default is the committed map (lib/routeStacks.json). */
  routeStackMap?: RouteStackMap;
  /** The functions without their routes (context `withoutRoutes=true`, decision 0049). */
  withoutRoutes?: boolean;
}

/**
 * The HTTP API behind CloudFront's /api/*: one route and one Lambda per entry of the route manifest
 * (shared/routes.ts), a Cognito JWT authorizer on every route whose access is 'user' or 'admin'
 * (the admin group is checked by the handler, from the verified token's cognito:groups), JSON access
 * logs and stage throttling.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  /** The function serving each route, by route name (a group's routes share one). */
  readonly functions: Record<string, AppFunction> = {};
  /** The nested stacks that hold the route functions (decision 0040). */
  readonly routeStacks: RouteStack[];
  /** api.{domain} when the stage has an API certificate; otherwise the API has no name of its own. */
  readonly domainName?: string;
  /** Its API Gateway domain (the target of the api. record when there is no Route 53 zone). */
  readonly customDomain?: DomainName;
  /**
   * The value CloudFront sends in ORIGIN_VERIFY_HEADER with every /api/* request; every route refuses
   * a request without it, so the API's own address cannot be used to skip the web ACL.
   */
  readonly originSecret: Secret;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { config, userPool, userPoolClient } = props;

    // With an API certificate the API answers on api.{domain} only, and CloudFront uses that name as
    // its origin: the execute-api endpoint, which would skip the web ACL, is switched off. Without
    // one (dev stages) the execute-api endpoint is the only name the API has, so it stays on.
    this.domainName = apiDomainName(config);
    const customDomain =
      this.domainName && config.apiCertificateArn
        ? new DomainName(this, 'DomainName', {
            domainName: this.domainName,
            certificate: Certificate.fromCertificateArn(this, 'Certificate', config.apiCertificateArn),
            securityPolicy: SecurityPolicy.TLS_1_2,
          })
        : undefined;
    if (customDomain && config.hostedZoneId && config.domain) {
      const zone = PublicHostedZone.fromHostedZoneAttributes(this, 'Zone', {
        hostedZoneId: config.hostedZoneId,
        zoneName: config.domain,
      });
      const target = RecordTarget.fromAlias(
        new ApiGatewayv2DomainProperties(customDomain.regionalDomainName, customDomain.regionalHostedZoneId),
      );
      new ARecord(this, 'AliasA', { zone, recordName: this.domainName, target });
      new AaaaRecord(this, 'AliasAaaa', { zone, recordName: this.domainName, target });
    }
    this.customDomain = customDomain;
    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: stageName(config),
      description: 'Renewal reminders API (reached through CloudFront /api/*)',
      // The stage is created below so that it gets access logs and throttling.
      createDefaultStage: false,
      disableExecuteApiEndpoint: customDomain !== undefined,
    });

    const accessLogs = stageLogGroup(this, 'AccessLogs', config);
    this.stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: API_THROTTLE,
      ...(customDomain ? { domainMapping: { domainName: customDomain } } : {}),
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(API_ACCESS_LOG_FORMAT)),
      },
    });

    const authorizer = new HttpUserPoolAuthorizer('CognitoAuthorizer', userPool, {
      userPoolClients: [userPoolClient],
      identitySource: ['$request.header.Authorization'],
    });
    this.originSecret = new Secret(this, 'OriginVerify', {
      description: `${stageName(config)}: the header value CloudFront adds to API requests`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
      // Nothing outlives the stack that depends on it: CloudFront and the functions get it anew.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    Validations.of(this.originSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Not rotated automatically: it is a shared value between CloudFront, which gets it at deploy time, and the route functions, which read it when they start; a new value is a redeploy (docs/decisions/0016). It only proves a request came through CloudFront and its web ACL, and grants no access to data.',
    });
    const environment = {
      ...props.environment,
      // Its ARN only: each route function reads the value on its first request (lambdas/runtime/origin.ts).
      ORIGIN_VERIFY_SECRET_ARN: this.originSecret.secretArn,
      USER_POOL_ID: userPool.userPoolId,
      USER_POOL_CLIENT_ID: userPoolClient.userPoolClientId,
    };

    // Per-route settings of the stage: the L2 stage has none, so they go on the CfnStage below.
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    const routeStacks = new Map<number, RouteStack>();
    const routeStack = (name: string) => {
      const index = routeStackOf(name, props.routeStackMap ?? ROUTE_STACK_MAP);
      const existing = routeStacks.get(index);
      if (existing) return existing;
      const created = new RouteStack(this, `Routes${index}`, {
        config,
        data: props.data,
        mail: props.mail,
        userPool,
        httpApi: this.httpApi,
        authorizer,
        reminderJob: props.reminderJob,
        scheduleName: props.scheduleName,
        apiUrl: this.url,
        originSecret: this.originSecret,
        environment,
        withoutRoutes: props.withoutRoutes ?? false,
      });
      routeStacks.set(index, created);
      return created;
    };
    const routes: readonly RouteDef[] = props.routes ?? ROUTES;
    const groups = new Set(routes.flatMap((r) => (r.group ? [r.group] : [])));
    const functions = [
      ...routes.filter((r) => !r.group).map((r) => [r.name, [r]] as const),
      ...[...groups].map((group) => [group, routes.filter((r) => r.group === group)] as const),
    ];
    for (const [name, served] of functions) {
      // In the stage's stack, at the path it always had: in prod it is retained (decision 0040).
      const logGroup = stageLogGroup(new Construct(this, name), 'Logs', config);
      const { fn, httpRoutes } = routeStack(name).addRoutes(name, served, logGroup);
      for (const route of served) this.functions[route.name] = fn;
      const [route] = served;
      if (route?.access !== 'public') continue;
      const limit = publicRouteThrottle(route);
      for (const { key, route: httpRoute } of httpRoutes) {
        routeSettings[key] = {
          ThrottlingRateLimit: limit.rateLimit,
          ThrottlingBurstLimit: limit.burstLimit,
        };
        // API Gateway refuses route settings for a route key that does not exist yet.
        this.stage.node.addDependency(httpRoute);
      }
    }
    this.routeStacks = [...routeStacks.values()];
    (this.stage.node.defaultChild as CfnStage).addPropertyOverride('RouteSettings', routeSettings);
  }

  /** The API's own URL: https://api.{domain}, else https://{apiId}.execute-api.{region}.amazonaws.com. */
  get url(): string {
    return this.domainName ? `https://${this.domainName}` : this.httpApi.apiEndpoint;
  }

  /** The host name CloudFront forwards /api/* to. */
  get originDomainName(): string {
    const stack = Stack.of(this);
    return this.domainName ?? `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }
}

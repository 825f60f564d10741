import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  type CfnStage,
  DomainName,
  HttpApi,
  HttpMethod,
  HttpNoneAuthorizer,
  type HttpStage,
  LogGroupLogDestination,
  SecurityPolicy,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { AaaaRecord, ARecord, PublicHostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { ApiGatewayv2DomainProperties } from 'aws-cdk-lib/aws-route53-targets';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { CfnFunction, IFunction } from 'aws-cdk-lib/aws-lambda';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { answersHead, groupRoutePath } from '../shared/contract.ts';
import { ROUTES, type RouteDef, type RouteName } from '../shared/routes.ts';
import { ACCESS_TOKEN_SCOPE } from '../shared/identity.ts';
import { apiDomainName, stageLogGroup, stageName, type StageConfig } from './config.ts';
import type { Data } from './data.ts';
import { AppFunction } from './function.ts';
import type { Mail } from './mail.ts';

/** Rights a route's handler needs beyond its table access. */
export type RoutePermission =
  /** ses:SendEmail through the configuration set (test mails). */
  | 'ses:send'
  /** ses:GetAccount and the identity's status (the self-check handshake). */
  | 'ses:status'
  /** cognito-idp:AdminUpdateUserAttributes (settings mirrored to the user's attributes). */
  | 'cognito:updateUser'
  /** cognito-idp:AdminUserGlobalSignOut and AdminDeleteUser (account deletion signs out everywhere first). */
  | 'cognito:deleteUser'
  /** cognito-idp:DescribeUserPool (the admin health check reaches the pool). */
  | 'cognito:describePool'
  /** lambda:InvokeFunction on the reminder job (the admin "Run Cron", real mode), and its name (JOB_FUNCTION_NAME). */
  | 'job:invoke'
  /** secretsmanager:GetSecretValue on the unsubscribe key, and its ARN in the environment. */
  | 'unsubscribe:key'
  /** Table writes for a GET route that records something as it answers. */
  | 'table:write'
  /** secretsmanager:GetSecretValue on the seed of the stage's VAPID keys, and its ARN in the environment. */
  | 'push:key';

/**
 * Extra rights per route, by route name. Least privilege: a route gets table reads (GET) or reads and
 * writes (other methods) and nothing else unless it is listed here; TABLE_ACTIONS in lib/data.ts. Add an entry when a handler needs more.
 */
export const ROUTE_PERMISSIONS: Partial<Record<RouteName, readonly RoutePermission[]>> = {
  // Settings are mirrored to the Cognito attributes (given_name, custom:country, …).
  updateMe: ['cognito:updateUser'],
  // Account deletion removes the Cognito user too.
  deleteMe: ['cognito:deleteUser'],
  // Verifies the signed token of an unsubscribe link.
  unsubscribe: ['unsubscribe:key'],
  unsubscribeDetails: ['unsubscribe:key'],
  // Calendar addresses are derived from the same key (decision 0020); a mailed event link is signed with it.
  // The first view of the link issues the feed token (a write).
  getCalendarLink: ['unsubscribe:key', 'table:write'],
  // Counts requests per feed token in the table (lambdas/runtime/rateLimit.ts).
  getCalendarFeed: ['table:write'],
  resetCalendarLink: ['unsubscribe:key'],
  // Counts requests per event token in the table, as the feed does.
  getReminderEvent: ['unsubscribe:key', 'table:write'],
  // The SES handshake: GetAccount and the identity's status.
  adminHandshake: ['ses:status'],
  // Table, user pool, SES handshake, last run, schedule.
  adminHealth: ['ses:status', 'cognito:describePool'],
  adminSystemTest: ['ses:status', 'cognito:describePool'],
  // A real reminder mail to the admin, with its signed unsubscribe link.
  adminTestEmail: ['ses:send', 'unsubscribe:key'],
  // Real mode invokes the job; simulate runs the planner in-process, which checks the owners'
  // addresses against the suppression list: their keyed hashes need the key.
  adminRunCron: ['job:invoke', 'unsubscribe:key'],
  // The VAPID keys: the public one for the browser to subscribe with, the pair to sign pushes.
  listPushDevices: ['push:key'],
  sendTestPush: ['push:key'],
};

/**
 * Memory (MB) of the route functions that need more than the default 256; Lambda's CPU share grows
 * with it (1,769 MB is one vCPU). The admin Simulate plans and records every mail due on a date
 * within the function's timeout: for 5,000 mails about 2.5 s of CPU on a full core (profiled on
 * the local stack, `npm run bench:simulate`), which 256 MB would stretch to some 17 s. It runs
 * only when an admin asks.
 */
export const ROUTE_MEMORY_MB: Partial<Record<RouteName, number>> = {
  adminRunCron: 1769,
};

/** A route function's description: its routes (one, or a group's) and their access. */
export const functionDescription = (routes: readonly RouteDef[]) =>
  `${routes.map((route) => `${route.method} ${route.path}`).join(', ')} (${routes[0]?.access ?? 'user'})`;

/** The routes served by the same function as `route`: itself, or its group's (decision 0036). */
export const routesSharingFunction = (route: RouteDef, routes: readonly RouteDef[] = ROUTES) =>
  route.group ? routes.filter((other) => other.group === route.group) : [route];

/** Environment a route's handler reads beyond the common one (lambdas/runtime/env.ts), by route name. */
export type RouteEnvironment = 'API_URL' | 'SCHEDULE_NAME';
export const ROUTE_ENVIRONMENT: Partial<Record<RouteName, readonly RouteEnvironment[]>> = {
  adminConfig: ['API_URL'],
  adminHealth: ['SCHEDULE_NAME'],
  adminSystemTest: ['SCHEDULE_NAME'],
};

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
  readonly functions: Record<string, AppFunction> = {};
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
        'Not rotated automatically: it is a shared value between CloudFront and the API, resolved into both at deploy time; a new value is a redeploy (docs/decisions/0016). It only proves a request came through CloudFront and its web ACL, and grants no access to data.',
    });
    const environment = {
      ...props.environment,
      // Resolved by CloudFormation at deploy time ({{resolve:secretsmanager:…}}), never in the template.
      ORIGIN_VERIFY: this.originSecret.secretValue.unsafeUnwrap(),
      USER_POOL_ID: userPool.userPoolId,
      USER_POOL_CLIENT_ID: userPoolClient.userPoolClientId,
    };

    // Per-route settings of the stage: the L2 stage has none, so they go on the CfnStage below.
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    const routes: readonly RouteDef[] = props.routes ?? ROUTES;
    for (const route of routes.filter((r) => !r.group)) {
      const fn = this.routeFunction(route.name, [route], environment, props);
      const methods = [route.method, ...(answersHead(route) ? (['HEAD'] as const) : [])];
      const httpRoutes = this.httpApi.addRoutes({
        path: route.path,
        methods: methods.map((method) => HttpMethod[method]),
        integration: new HttpLambdaIntegration(`${route.name}Integration`, fn.fn),
        authorizer: route.access === 'public' ? new HttpNoneAuthorizer() : authorizer,
        ...(route.access === 'public' ? {} : { authorizationScopes: [ACCESS_TOKEN_SCOPE] }),
      });

      if (route.access === 'public') {
        const limit = publicRouteThrottle(route);
        for (const method of methods) {
          routeSettings[`${method} ${route.path}`] = {
            ThrottlingRateLimit: limit.rateLimit,
            ThrottlingBurstLimit: limit.burstLimit,
          };
        }
        for (const [i, httpRoute] of httpRoutes.entries()) {
          // API Gateway refuses route settings for a route key that does not exist yet.
          this.stage.node.addDependency(httpRoute);
          Validations.of(httpRoute).acknowledge({
            id: 'AwsSolutions-APIG4',
            reason: `${methods[i]} ${route.path} is public by design (access 'public' in the route manifest): it needs no sign-in and exposes no user data; a handler that acts for a user checks its own credential (the signed unsubscribe token).`,
          });
        }
      }
    }
    for (const group of new Set(routes.flatMap((r) => (r.group ? [r.group] : [])))) {
      const members = routes.filter((r) => r.group === group);
      if (members.some((r) => r.access !== 'user')) throw new Error(`Group ${group}: user routes only`);
      const fn = this.routeFunction(group, members, environment, props);
      // One route for the group: its function finds the manifest's route (lambdas/runtime/group.ts).
      this.httpApi.addRoutes({
        path: groupRoutePath(group),
        methods: [HttpMethod.ANY],
        integration: new HttpLambdaIntegration(`${group}Integration`, fn.fn),
        authorizer,
        authorizationScopes: [ACCESS_TOKEN_SCOPE],
      });
    }
    (this.stage.node.defaultChild as CfnStage).addPropertyOverride('RouteSettings', routeSettings);
  }

  /**
   * The function of a route, or of a group's routes (decision 0036): table reads for GET routes,
   * reads and writes otherwise, and every extra right and environment variable its routes list.
   */
  private routeFunction(
    name: string,
    routes: readonly RouteDef[],
    environment: Record<string, string>,
    props: ApiProps,
  ): AppFunction {
    const fn = new AppFunction(this, name, {
      config: props.config,
      entry: `lambdas/api/${name}.ts`,
      description:
        routes.map((route) => `${route.method} ${route.path}`).join(', ') + ` (${routes[0]!.access})`,
      environment,
      memorySize: (ROUTE_MEMORY_MB as Partial<Record<string, number>>)[name],
    });
    for (const route of routes) this.functions[route.name] = fn;
    const lookup = <T>(table: Partial<Record<string, readonly T[]>>) => [
      ...new Set(routes.flatMap((route) => table[route.name] ?? [])),
    ];
    for (const variable of lookup<RouteEnvironment>(ROUTE_ENVIRONMENT))
      fn.fn.addEnvironment(variable, this.environmentValue(variable, props));
    const extra = lookup<RoutePermission>(ROUTE_PERMISSIONS);
    if (routes.every((route) => route.method === 'GET') && !extra.includes('table:write'))
      props.data.grantRead(fn.fn);
    else props.data.grantReadWrite(fn.fn);
    for (const permission of extra) this.grant(fn, permission, props);
    return fn;
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

  private environmentValue(name: RouteEnvironment, props: ApiProps): string {
    switch (name) {
      case 'API_URL':
        return this.url;
      case 'SCHEDULE_NAME':
        return props.scheduleName;
      default: {
        const unknown: never = name;
        throw new Error(`Unknown route environment ${String(unknown)}`);
      }
    }
  }

  private grant(fn: AppFunction, permission: RoutePermission, props: ApiProps): void {
    switch (permission) {
      case 'ses:send':
        props.mail.grantSend(fn.fn);
        return;
      case 'ses:status':
        props.mail.grantStatus(fn.fn);
        return;
      case 'cognito:updateUser':
        props.userPool.grant(fn.fn, 'cognito-idp:AdminUpdateUserAttributes');
        return;
      case 'cognito:deleteUser':
        props.userPool.grant(fn.fn, 'cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:AdminDeleteUser');
        return;
      case 'cognito:describePool':
        props.userPool.grant(fn.fn, 'cognito-idp:DescribeUserPool');
        return;
      case 'job:invoke':
        props.reminderJob.grantInvoke(fn.fn);
        fn.fn.addEnvironment('JOB_FUNCTION_NAME', props.reminderJob.functionName);
        Validations.of(fn).acknowledge({
          id: `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(props.reminderJob.node.defaultChild as CfnFunction)}.Arn>:*]`,
          reason:
            'lambda:InvokeFunction on the reminder job and its versions ({arn}:*): the one function this route may call.',
        });
        return;
      case 'unsubscribe:key':
        props.mail.grantUnsubscribeKey(fn.fn);
        return;
      case 'push:key':
        props.mail.grantPushKey(fn.fn);
        return;
      case 'table:write':
        // Granted with the table's reads, above.
        return;
      default: {
        const unknown: never = permission;
        throw new Error(`Unknown route permission ${String(unknown)}`);
      }
    }
  }
}

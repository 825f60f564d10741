import { Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpMethod,
  HttpNoneAuthorizer,
  type HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { CfnFunction, IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { ROUTES, type RouteDef, type RouteName } from '../shared/routes.ts';
import { stageLogGroup, stageName, type StageConfig } from './config.ts';
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
  /** lambda:InvokeFunction on the daily job (the admin "Run Cron", real mode), and its name (JOB_FUNCTION_NAME). */
  | 'job:invoke'
  /** secretsmanager:GetSecretValue on the unsubscribe key, and its ARN in the environment. */
  | 'unsubscribe:key';

/**
 * Extra rights per route, by route name. Least privilege: a route gets table read (GET) or read/write
 * (other methods) and nothing else unless it is listed here. Add an entry when a handler needs more.
 */
export const ROUTE_PERMISSIONS: Partial<Record<RouteName, readonly RoutePermission[]>> = {
  // Settings are mirrored to the Cognito attributes (given_name, custom:country, …).
  updateMe: ['cognito:updateUser'],
  // Account deletion removes the Cognito user too.
  deleteMe: ['cognito:deleteUser'],
  // Verifies the signed token of an unsubscribe link.
  unsubscribe: ['unsubscribe:key'],
  unsubscribeDetails: ['unsubscribe:key'],
  // The SES handshake: GetAccount and the identity's status.
  adminHandshake: ['ses:status'],
  // Table, user pool, SES handshake, last run, schedule.
  adminHealth: ['ses:status', 'cognito:describePool'],
  adminSystemTest: ['ses:status', 'cognito:describePool'],
  // A real reminder mail to the admin, with its signed unsubscribe link.
  adminTestEmail: ['ses:send', 'unsubscribe:key'],
  // Real mode invokes the job; simulate runs it in-process and renders the mails (unsubscribe links).
  adminRunCron: ['job:invoke', 'unsubscribe:key'],
};

/** Environment a route's handler reads beyond the common one (lambdas/runtime/env.ts), by route name. */
export type RouteEnvironment = 'API_URL' | 'SCHEDULE_NAME';
export const ROUTE_ENVIRONMENT: Partial<Record<RouteName, readonly RouteEnvironment[]>> = {
  adminConfig: ['API_URL'],
  adminHealth: ['SCHEDULE_NAME'],
  adminSystemTest: ['SCHEDULE_NAME'],
};

/** Throttling of the whole API stage (requests per second, burst). */
export const API_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;

export interface ApiProps {
  config: StageConfig;
  data: Data;
  mail: Mail;
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
  /** The daily job, for routes with the 'job:invoke' permission. */
  dailyJob: IFunction;
  /** The daily job's schedule name (SCHEDULE_NAME, shown by the admin health check). */
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

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { config, data, userPool, userPoolClient } = props;

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: stageName(config),
      description: 'Renewal reminders API (reached through CloudFront /api/*)',
      // The stage is created below so that it gets access logs and throttling.
      createDefaultStage: false,
    });

    const accessLogs = stageLogGroup(this, 'AccessLogs', config);
    this.stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: API_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
          }),
        ),
      },
    });

    const authorizer = new HttpUserPoolAuthorizer('CognitoAuthorizer', userPool, {
      userPoolClients: [userPoolClient],
      identitySource: ['$request.header.Authorization'],
    });
    const environment = {
      ...props.environment,
      USER_POOL_ID: userPool.userPoolId,
      USER_POOL_CLIENT_ID: userPoolClient.userPoolClientId,
    };

    for (const route of props.routes ?? ROUTES) {
      const fn = new AppFunction(this, route.name, {
        config,
        entry: `lambdas/api/${route.name}.ts`,
        description: `${route.method} ${route.path} (${route.access})`,
        environment,
      });
      this.functions[route.name] = fn;
      const extraEnvironment =
        (ROUTE_ENVIRONMENT as Partial<Record<string, readonly RouteEnvironment[]>>)[route.name] ?? [];
      for (const name of extraEnvironment) fn.fn.addEnvironment(name, this.environmentValue(name, props));

      if (route.method === 'GET') data.grantRead(fn.fn);
      else data.grantReadWrite(fn.fn);
      const extra =
        (ROUTE_PERMISSIONS as Partial<Record<string, readonly RoutePermission[]>>)[route.name] ?? [];
      for (const permission of extra) this.grant(fn, permission, props);

      const [httpRoute] = this.httpApi.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${route.name}Integration`, fn.fn),
        authorizer: route.access === 'public' ? new HttpNoneAuthorizer() : authorizer,
      });

      if (route.access === 'public') {
        if (!httpRoute) throw new Error(`No route created for ${route.name}`);
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${route.method} ${route.path} is public by design (access 'public' in the route manifest): it needs no sign-in and exposes no user data; a handler that acts for a user checks its own credential (the signed unsubscribe token).`,
        });
      }
    }
  }

  /** The API's invoke URL (https://{apiId}.execute-api.{region}.amazonaws.com). */
  get url(): string {
    return this.httpApi.apiEndpoint;
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
        props.dailyJob.grantInvoke(fn.fn);
        fn.fn.addEnvironment('JOB_FUNCTION_NAME', props.dailyJob.functionName);
        Validations.of(fn).acknowledge({
          id: `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(props.dailyJob.node.defaultChild as CfnFunction)}.Arn>:*]`,
          reason:
            'lambda:InvokeFunction on the daily job and its versions ({arn}:*): the one function this route may call.',
        });
        return;
      case 'unsubscribe:key':
        props.mail.grantUnsubscribeKey(fn.fn);
        return;
      default: {
        const unknown: never = permission;
        throw new Error(`Unknown route permission ${String(unknown)}`);
      }
    }
  }
}

import { Duration, NestedStack, Stack, Validations } from 'aws-cdk-lib';
import {
  type HttpApi,
  HttpMethod,
  HttpNoneAuthorizer,
  HttpRoute,
  HttpRouteKey,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { CfnFunction, IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { answersHead, groupRoutePath } from '../shared/contract.ts';
import { ACCESS_TOKEN_SCOPE } from '../shared/identity.ts';
import type { RouteDef } from '../shared/routes.ts';
import type { StageConfig } from './config.ts';
import type { Data } from './data.ts';
import { giveDvlaKey } from './dvla.ts';
import { giveTelegramToken } from './telegram.ts';
import { AppFunction } from './function.ts';
import { nagReference } from './nagReference.ts';
import type { Mail } from './mail.ts';
import {
  functionDescription,
  ROUTE_ENVIRONMENT,
  ROUTE_MEMORY_MB,
  ROUTE_PERMISSIONS,
  ROUTE_TIMEOUT_SECONDS,
  ROUTE_TABLE_ACCESS,
  type RouteEnvironment,
  type RoutePermission,
} from './routeRights.ts';

const seconds = (value: number | undefined) => (value === undefined ? undefined : Duration.seconds(value));

/** The entry of a table keyed by route name, for a route the table may not list. */
const lookupOne = <T>(table: Partial<Record<string, T>>, name: string): T | undefined => table[name];

/** What the route stacks share: the API and everything a route's function may be granted or given. */
export interface RouteStackProps {
  config: StageConfig;
  data: Data;
  mail: Mail;
  userPool: IUserPool;
  httpApi: HttpApi;
  /** The Cognito JWT authorizer (it lives with the API in the stage's stack). */
  authorizer: IHttpRouteAuthorizer;
  /** The reminder job, for routes with the 'job:invoke' permission. */
  reminderJob: IFunction;
  /** The reminder job's schedule name (SCHEDULE_NAME, shown by the admin health check). */
  scheduleName: string;
  /** The API's own URL (API_URL). */
  apiUrl: string;
  /** The value CloudFront adds to API requests: every route function may read it, and nothing else may. */
  originSecret: ISecret;
  /** Environment of every route function. */
  environment: Record<string, string>;
  /**
   * The functions without their HTTP API routes, integrations and invoke permissions: the first of
   * the two deploys that move a stage's routes into other stacks (context `withoutRoutes=true`,
   * decision 0049).
   */
  withoutRoutes: boolean;
}

/**
 * A nested stack of route functions, with their roles, alarms, integrations, HTTP API routes and
 * invoke permissions. The API, its stage and authorizer stay in the stage's stack, as do the
 * functions' log groups (retained in prod, so they keep their logical ids: decision 0040). Which
 * stack a function is in comes from the committed map (lib/routeStackMap.ts, decision 0049).
 */
export class RouteStack extends NestedStack {
  constructor(
    scope: Construct,
    id: string,
    private readonly props: RouteStackProps,
  ) {
    super(scope, id, { description: `Route functions of ${Stack.of(scope).stackName} (${id})` });
  }

  /**
   * The function of a route, or of a group's routes (decision 0036), and its HTTP API routes: the
   * route's own (and HEAD beside a GET that answers it), or the group's `ANY /api/{group}/{proxy+}`.
   */
  addRoutes(
    name: string,
    routes: readonly RouteDef[],
    logGroup: ILogGroup,
  ): { fn: AppFunction; httpRoutes: { key: string; route: HttpRoute }[] } {
    const fn = this.routeFunction(name, routes, logGroup);
    if (this.props.withoutRoutes) return { fn, httpRoutes: [] };
    const integration = new HttpLambdaIntegration(`${name}Integration`, fn.fn);
    const group = routes[0]?.group;
    if (group) {
      if (routes.some((r) => r.access !== 'user')) throw new Error(`Group ${group}: user routes only`);
      // One route for the group: its function finds the manifest's route (lambdas/runtime/group.ts).
      return { fn, httpRoutes: [this.httpRoute(groupRoutePath(group), HttpMethod.ANY, integration, 'user')] };
    }
    const [route] = routes as [RouteDef];
    const methods = [route.method, ...(answersHead(route) ? (['HEAD'] as const) : [])];
    const httpRoutes = methods.map((method) =>
      this.httpRoute(route.path, HttpMethod[method], integration, route.access),
    );
    if (route.access === 'public') {
      for (const [i, { route: httpRoute }] of httpRoutes.entries()) {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${methods[i]} ${route.path} is public by design (access 'public' in the route manifest): it needs no sign-in and exposes no user data; a handler that acts for a user checks its own credential (the signed unsubscribe token).`,
        });
      }
    }
    return { fn, httpRoutes };
  }

  private httpRoute(
    path: string,
    method: HttpMethod,
    integration: HttpLambdaIntegration,
    access: RouteDef['access'],
  ): { key: string; route: HttpRoute } {
    const routeKey = HttpRouteKey.with(path, method);
    // The same construct id HttpApi.addRoutes gives a route.
    const route = new HttpRoute(this, `${method}${path}`, {
      httpApi: this.props.httpApi,
      routeKey,
      integration,
      authorizer: access === 'public' ? new HttpNoneAuthorizer() : this.props.authorizer,
      ...(access === 'public' ? {} : { authorizationScopes: [ACCESS_TOKEN_SCOPE] }),
    });
    return { key: routeKey.key, route };
  }

  /**
   * Table reads for GET routes, reads and writes otherwise, or only what ROUTE_TABLE_ACCESS lists;
   * every extra right and environment variable its routes list, and the origin secret's value
   * (ORIGIN_VERIFY_SECRET_ARN).
   */
  private routeFunction(name: string, routes: readonly RouteDef[], logGroup: ILogGroup): AppFunction {
    const { props } = this;
    const fn = new AppFunction(this, name, {
      config: props.config,
      entry: `lambdas/handlers/api/${name}.ts`,
      description: functionDescription(routes),
      environment: props.environment,
      memorySize: (ROUTE_MEMORY_MB as Partial<Record<string, number>>)[name],
      timeout: seconds((ROUTE_TIMEOUT_SECONDS as Partial<Record<string, number>>)[name]),
      logGroup,
    });
    const lookup = <T>(table: Partial<Record<string, readonly T[]>>) => [
      ...new Set(routes.flatMap((route) => table[route.name] ?? [])),
    ];
    for (const variable of lookup<RouteEnvironment>(ROUTE_ENVIRONMENT)) {
      const value = this.environmentValue(variable);
      if (value !== undefined) fn.fn.addEnvironment(variable, value);
    }
    const extra = lookup<RoutePermission>(ROUTE_PERMISSIONS);
    const scoped = routes.length === 1 ? lookupOne(ROUTE_TABLE_ACCESS, routes[0]!.name) : undefined;
    if (scoped) props.data.grantItems(fn.fn, scoped);
    else if (routes.every((route) => route.method === 'GET') && !extra.includes('table:write'))
      props.data.grantRead(fn.fn);
    else props.data.grantReadWrite(fn.fn);
    for (const permission of extra) this.grant(fn, permission);
    props.originSecret.grantRead(fn.fn);
    return fn;
  }

  /** The variable's value on this stage, or undefined when the stage has none (it is then left out). */
  private environmentValue(name: RouteEnvironment): string | undefined {
    switch (name) {
      case 'DVLA_API_URL':
        return this.props.config.dvla?.apiUrl;
      case 'API_URL':
        return this.props.apiUrl;
      case 'SCHEDULE_NAME':
        return this.props.scheduleName;
      case 'INBOX_DOMAIN':
        return this.props.config.inbox?.domain;
      default: {
        const unknown: never = name;
        throw new Error(`Unknown route environment ${String(unknown)}`);
      }
    }
  }

  private grant(fn: AppFunction, permission: RoutePermission): void {
    const { props } = this;
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
      case 'cognito:signOut':
        props.userPool.grant(fn.fn, 'cognito-idp:AdminUserGlobalSignOut');
        return;
      case 'cognito:describePool':
        props.userPool.grant(fn.fn, 'cognito-idp:DescribeUserPool');
        return;
      case 'job:invoke':
        props.reminderJob.grantInvoke(fn.fn);
        fn.fn.addEnvironment('JOB_FUNCTION_NAME', props.reminderJob.functionName);
        Validations.of(fn).acknowledge({
          id: `AwsSolutions-IAM5[Resource::${nagReference(fn, props.reminderJob.node.defaultChild as CfnFunction, 'Arn')}:*]`,
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
      case 'dvla:key':
        giveDvlaKey(this, `${fn.node.id}DvlaApiKey`, fn.fn, props.config);
        return;
      case 'telegram:token':
        giveTelegramToken(this, `${fn.node.id}TelegramBotToken`, fn.fn, props.config);
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

/**
 * One Lambda for a group of routes (RouteSpec.group, decision 0036): API Gateway sends every request
 * under /api/{group}/ to it through one `ANY /api/{group}/{proxy+}` route, and this finds the
 * manifest's route by method and path, sets its path parameters as a route of its own would have
 * them, and runs that route's handler. Each handler still validates and authorizes as its own.
 */
import type { APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { matchPath, API, type RouteName } from '../../shared/routes.ts';
import { json, type ApiEvent } from './http.ts';

type ApiHandler = (event: ApiEvent, context: Context) => Promise<APIGatewayProxyResultV2>;

export function groupHandler(handlers: Partial<Record<RouteName, ApiHandler>>): ApiHandler {
  const routes = Object.entries(handlers).map(([name, handler]) => ({
    def: API[name as RouteName],
    handler,
  }));
  return async (event, context) => {
    const method = event.requestContext.http.method;
    for (const { def, handler } of routes) {
      if (!handler || def.method !== method) continue;
      const params = matchPath(def.path, event.rawPath);
      if (!params) continue;
      const pathParameters = Object.keys(params).length ? params : undefined;
      return handler({ ...event, routeKey: `${def.method} ${def.path}`, pathParameters }, context);
    }
    return json(404, { message: 'Not Found' });
  };
}

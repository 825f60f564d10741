/**
 * The local stand-in for API Gateway: finds the route in the contract, verifies the access token as
 * the JWT authorizer does, and passes the same APIGatewayProxyEventV2 to the route's own handler.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyResultV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { answersHead, groupRoutePath } from '../../shared/contract.ts';
import { matchPath, ROUTES, type RouteDef } from '../../shared/routes.ts';
import {
  buildApiEvent,
  claimsAsApiGateway,
  lambdaContext,
  throughCloudFront,
} from '../../lambdas/runtime/apiEvent.ts';
import { isAccessToken, type ApiEvent } from '../../lambdas/runtime/http.ts';
import { ACCESS_TOKEN_SCOPE } from '../../shared/identity.ts';
import { readBody, sendJson } from './requests.ts';

type ApiHandler = (event: ApiEvent, context: Context) => Promise<APIGatewayProxyResultV2>;

/** Handlers are loaded on first use, like a cold start, from the files the CDK stack bundles. */
const handlerCache = new Map<string, Promise<ApiHandler>>();
function loadHandler(name: string): Promise<ApiHandler> {
  let loaded = handlerCache.get(name);
  if (!loaded) {
    loaded = import(`../../lambdas/handlers/api/${name}.ts`).then((m: { handler: ApiHandler }) => m.handler);
    handlerCache.set(name, loaded);
  }
  return loaded;
}

function findRoute(method: string, pathname: string) {
  for (const route of ROUTES) {
    // Node sends no body for a HEAD request: the same answer's headers alone, as API Gateway does.
    if (route.method !== method && !(method === 'HEAD' && answersHead(route))) continue;
    const params = matchPath(route.path, pathname);
    if (params) return { route: route as RouteDef, params };
  }
  return undefined;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The body as API Gateway passes it: text, or base64 when the bytes are not UTF-8 text. */
function eventBody(body: Buffer): { body?: string; isBase64Encoded?: boolean } {
  if (!body.length) return {};
  try {
    return { body: utf8.decode(body) };
  } catch {
    return { body: body.toString('base64'), isBase64Encoded: true };
  }
}

function flatten(entries: Iterable<[string, string | string[] | undefined]>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of entries) {
    if (value !== undefined) flat[key] = Array.isArray(value) ? value.join(',') : value;
  }
  return flat;
}

export function apiDispatch(options: {
  issuer: string;
  clientId: string;
  host: string;
  /** The local pool's public key set: the only keys a token may be signed with (tokenKey.ts). */
  jwks: { keys: Record<string, unknown>[] };
}) {
  const trustedJwks = Buffer.from(JSON.stringify(options.jwks));
  const verifier = JwtRsaVerifier.create(
    {
      issuer: options.issuer,
      jwksUri: `${options.issuer}/.well-known/jwks.json`,
      audience: null,
      // The API's token rule (the one route() applies), then what the HTTP API's JWT authorizer
      // checks: client_id among the audiences and the required scope.
      customJwtCheck: ({ payload }) => {
        if (!isAccessToken(payload)) throw new Error('Not an access token');
        if (payload.client_id !== options.clientId) throw new Error('Token issued to another client');
        const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
        if (!scopes.includes(ACCESS_TOKEN_SCOPE)) throw new Error(`Token lacks ${ACCESS_TOKEN_SCOPE}`);
      },
    },
    // Never the JWKS cognito-local serves: that is the key shipped in its npm package, which anyone
    // can sign with. The local pool's own key is the only one, whatever the URI.
    {
      jwksCache: new SimpleJwksCache({
        fetcher: {
          fetch: () =>
            Promise.resolve(
              trustedJwks.buffer.slice(
                trustedJwks.byteOffset,
                trustedJwks.byteOffset + trustedJwks.byteLength,
              ),
            ),
        },
      }),
    },
  );

  return async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<number> {
    // Read first, as API Gateway checks the payload size before routing or authorizing: an oversized
    // body is a 413 (readBody throws), whoever sends it and wherever.
    const body = await readBody(req);
    const method = req.method ?? 'GET';
    const matched = findRoute(method, url.pathname);
    if (!matched) {
      sendJson(res, 404, { message: 'Not Found' });
      return 404;
    }
    const { route, params } = matched;
    let claims: Record<string, string> | undefined;
    if (route.access !== 'public') {
      const token = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
      try {
        claims = claimsAsApiGateway((await verifier.verify(token)) as Record<string, unknown>);
      } catch {
        sendJson(res, 401, { message: 'Unauthorized' });
        return 401;
      }
    }
    const query: Record<string, string> = {};
    for (const [key, value] of url.searchParams) query[key] = query[key] ? `${query[key]},${value}` : value;
    // A grouped route reaches its group's function through the group's one proxy route, as on AWS.
    const proxied = route.group
      ? {
          routePath: groupRoutePath(route.group),
          params: { proxy: url.pathname.slice(`/api/${route.group}/`.length) },
        }
      : { routePath: route.path, params };
    const event = buildApiEvent({
      method,
      ...proxied,
      rawPath: url.pathname,
      query,
      headers: await throughCloudFront(flatten(Object.entries(req.headers))),
      ...eventBody(body),
      claims,
      host: options.host,
      sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
    });
    const handler = await loadHandler(route.group ?? route.name);
    const raw = await handler(event, lambdaContext(route.name));
    const result: APIGatewayProxyStructuredResultV2 =
      typeof raw === 'string' ? { statusCode: 200, body: raw } : raw;
    const status = result.statusCode ?? 200;
    res.writeHead(status, (result.headers ?? {}) as Record<string, string>);
    res.end(result.body ?? '');
    return status;
  };
}

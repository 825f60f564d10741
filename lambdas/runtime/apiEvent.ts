/**
 * Builds the APIGatewayProxyEventV2 that API Gateway passes to a route's Lambda after its JWT
 * authorizer: the local adapter, the admin system test and the tests all build events here, so they
 * cannot drift from one another.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import type { HttpMethod } from '../../shared/contract.ts';
import { ORIGIN_VERIFY_HEADER } from '../../shared/identity.ts';
import { originSecret } from './origin.ts';
import type { ApiEvent } from './http.ts';

export interface ApiEventInput {
  method: HttpMethod | string;
  /** The route's path pattern (/api/reminders/{id}); the route key is made from it. */
  routePath: string;
  /** The concrete path; the pattern when absent. */
  rawPath?: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string;
  /** The body is base64 (bytes API Gateway could not pass as text). */
  isBase64Encoded?: boolean;
  /** Verified claims, already in API Gateway's string form (see claimsAsApiGateway). */
  claims?: Record<string, string>;
  host?: string;
  sourceIp?: string;
}

/** API Gateway hands claims to the Lambda as strings; arrays become "[a b]". */
export function claimsAsApiGateway(payload: Record<string, unknown>): Record<string, string> {
  const claims: Record<string, string> = {};
  for (const [key, value] of Object.entries(payload)) {
    claims[key] = Array.isArray(value) ? `[${value.join(' ')}]` : String(value);
  }
  return claims;
}

/**
 * The headers as CloudFront forwards them to the API: a viewer's own ORIGIN_VERIFY_HEADER is replaced
 * by the stage's secret (when the stage has one). The local adapter and the in-process system test
 * stand where CloudFront stands, so they send it too.
 */
export async function throughCloudFront(headers: Record<string, string>): Promise<Record<string, string>> {
  const forwarded = Object.fromEntries(
    Object.entries(headers).filter(([name]) => name.toLowerCase() !== ORIGIN_VERIFY_HEADER),
  );
  const secret = await originSecret();
  return secret ? { ...forwarded, [ORIGIN_VERIFY_HEADER]: secret } : forwarded;
}

export function buildApiEvent(input: ApiEventInput): ApiEvent {
  const rawPath = input.rawPath ?? input.routePath;
  const query = input.query ?? {};
  const params = input.params ?? {};
  const headers = input.headers ?? {};
  const routeKey = `${input.method} ${input.routePath}`;
  const now = new Date();
  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: new URLSearchParams(query).toString(),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(params).length ? params : undefined,
    body: input.body,
    isBase64Encoded: input.isBase64Encoded ?? false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: input.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: input.method,
        path: rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: input.sourceIp ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
      ...(input.claims ? { authorizer: { jwt: { claims: input.claims, scopes: [] } } } : {}),
    },
  };
}

/** A Lambda context for in-process invocations (local adapter, system test, tests). */
export function lambdaContext(name: string, remainingMs = 10_000): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${name}`,
    memoryLimitInMB: '256',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => remainingMs,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

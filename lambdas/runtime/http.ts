import { DomainError, type DomainErrorKind } from './errors.ts';
import { timingSafeEqual } from 'node:crypto';
import middy from '@middy/core';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import * as z from 'zod';
import { ZodError, type ZodType } from 'zod';
import type { ApiError } from '../../shared/api.ts';
import type { Access, FileBody, ParsedOf, ResponseOf, RouteDef } from '../../shared/contract.ts';
import { ADMIN_GROUP, ORIGIN_VERIFY_HEADER } from '../../shared/identity.ts';
import { API_MESSAGES } from '../../shared/messages.ts';
import { SESSION_MESSAGES, sessionEnded } from '../../shared/sessions.ts';
import { accountRefusal } from './accountRefusals.ts';
import { type ProfileRead, withCallerProfile } from './callerProfile.ts';
import { ORIGIN_SECRET_RECHECK_MS, originSecret } from './origin.ts';
import { logger } from './logger.ts';
import { tracer } from './tracer.ts';

/** The event API Gateway passes after the JWT authorizer; the local adapter builds the same shape. */
export type ApiEvent = APIGatewayProxyEventV2 & {
  requestContext: APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: {
      jwt?: { claims: Record<string, string | number | boolean | string[]>; scopes?: string[] };
    };
  };
};

/**
 * Who is calling, from the verified access token. No e-mail address: access tokens carry none (the
 * ID token does, and the API refuses ID tokens); read the profile for it.
 */
export interface Caller {
  userId: string;
  /** Cognito username (for Admin* calls); with e-mail sign-in it is the sub. */
  username: string;
  isAdmin: boolean;
  /** When the token was issued (`iat`, epoch seconds), checked against the account's ended sessions. */
  issuedAt?: number;
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, message);

/** The HTTP status of each kind of domain refusal. */
export const DOMAIN_STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  // The caller may see it but not do this to it (a shared reminder only its sharer takes back).
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  // Nothing was done and trying again may work (an import past its time budget).
  unavailable: 503,
};

/** A handler's answer with a status other than the route's declared one (e.g. 202 for a started job). */
export class Reply<T> {
  constructor(
    readonly status: number,
    readonly body: T,
  ) {}
}

/**
 * API Gateway's JWT authorizer passes array claims as a string "[admin other]"; the local adapter
 * passes what the token holds. Accept both.
 */
export function groupsFromClaims(claim: unknown): string[] {
  if (Array.isArray(claim)) return claim.map(String);
  if (typeof claim === 'string') {
    return claim
      .replace(/^\[|\]$/g, '')
      .split(/[\s,]+/)
      .filter(Boolean);
  }
  return [];
}

/**
 * The API's one token rule, applied by route() on AWS and locally and by the local adapter before
 * it: only Cognito access tokens. An ID token is signed by the same pool and names the same client
 * (in `aud`), so a signature check alone would let it through; its `token_use` is `id`. On AWS the
 * authorizer's required scope keeps ID tokens out too (they carry no scope); this holds even if it
 * were dropped.
 */
export function isAccessToken(claims: Record<string, unknown>): boolean {
  return claims.token_use === 'access';
}

export function callerFrom(event: ApiEvent): Caller | undefined {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  if (!claims || typeof claims.sub !== 'string' || !isAccessToken(claims)) return undefined;
  return {
    userId: claims.sub,
    username: typeof claims.username === 'string' ? claims.username : claims.sub,
    isAdmin: groupsFromClaims(claims['cognito:groups']).includes(ADMIN_GROUP),
    issuedAt: secondsClaim(claims.iat),
  };
}

/** A numeric claim: API Gateway's authorizer passes it as a string ("1767225600"), the adapter too. */
function secondsClaim(claim: unknown): number | undefined {
  const value = typeof claim === 'number' ? claim : typeof claim === 'string' ? Number(claim) : NaN;
  return Number.isSafeInteger(value) ? value : undefined;
}

/**
 * A signed-in caller's token against their account: refused (401) when issued before the account's
 * sessions were last ended. Then `work` runs with the profile as read here, which the handler's own
 * first read of it takes (runtime/callerProfile.ts). A caller without a profile (a deleted account)
 * goes on: each route answers that as it does.
 */
async function withLiveSession<T>(
  readProfile: ProfileRead,
  caller: Caller,
  work: () => Promise<T>,
): Promise<T> {
  const item = await readProfile(caller.userId);
  const validAfter = typeof item?.sessions_valid_after === 'number' ? item.sessions_valid_after : undefined;
  if (sessionEnded(caller.issuedAt, validAfter)) throw new HttpError(401, SESSION_MESSAGES.ended);
  return withCallerProfile(caller.userId, item, work);
}

export function json(statusCode: number, body?: unknown): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

function errorBody(message: string, fieldErrors?: Record<string, string[]>): ApiError {
  return fieldErrors ? { message, fieldErrors } : { message };
}

function zodToHttp(error: ZodError, what: string): HttpError {
  const flat = z.flattenError(error);
  const fieldErrors = flat.fieldErrors as Record<string, string[]>;
  const first = error.issues[0];
  const message = first
    ? `${what}: ${first.path.length ? `${first.path.join('.')}: ` : ''}${first.message}`
    : what;
  return new HttpError(400, message, Object.keys(fieldErrors).length ? fieldErrors : undefined);
}

export const NOT_UTF8 = 'The request is not valid UTF-8';

/**
 * The body as text. API Gateway hands over base64 what it cannot pass as text; bytes that are not
 * UTF-8 are refused rather than stored with U+FFFD in place of what was sent.
 */
function bodyText(event: ApiEvent): string | undefined {
  if (!event.isBase64Encoded || !event.body) return event.body;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(event.body, 'base64'));
  } catch {
    throw new HttpError(400, NOT_UTF8);
  }
}

/**
 * Parse a JSON body with a zod schema; bad JSON or a bad field is a 400 with a clear message, a body
 * over `maxBytes` a 413 before it is parsed.
 */
export function parseBody<T extends ZodType>(event: ApiEvent, schema: T, maxBytes?: number): z.output<T> {
  const text = bodyText(event);
  if (maxBytes !== undefined && text && Buffer.byteLength(text) > maxBytes) {
    throw new HttpError(
      413,
      `The request is too large (more than ${(maxBytes / 1e6).toFixed(2)} MB). Split it into smaller files`,
    );
  }
  let raw: unknown;
  try {
    raw = text ? JSON.parse(text) : undefined;
  } catch {
    throw new HttpError(400, 'Request body must be valid JSON');
  }
  if (raw === undefined) throw new HttpError(400, 'Request body is required');
  const result = schema.safeParse(raw);
  if (!result.success) throw zodToHttp(result.error, 'Invalid request body');
  return result.data;
}

export function parseParams<T extends ZodType>(event: ApiEvent, schema: T): z.output<T> {
  const result = schema.safeParse(event.pathParameters ?? {});
  if (!result.success) throw zodToHttp(result.error, 'Invalid path parameter');
  return result.data;
}

export function parseQuery<T extends ZodType>(event: ApiEvent, schema: T): z.output<T> {
  const result = schema.safeParse(event.queryStringParameters ?? {});
  if (!result.success) throw zodToHttp(result.error, 'Invalid query parameter');
  return result.data;
}

/** What a route's handler receives: the caller and the request, validated with the route's schemas. */
export interface RouteRequest<R extends RouteDef> {
  caller: R['access'] extends 'public' ? Caller | undefined : Caller;
  params: ParsedOf<R, 'params'>;
  query: ParsedOf<R, 'query'>;
  body: ParsedOf<R, 'body'>;
  event: ApiEvent;
  context: Context;
}

type RouteHandler<R extends RouteDef> = (
  request: RouteRequest<R>,
) => Promise<ResponseOf<R> | Reply<ResponseOf<R>>>;

/** On AWS, a request that did not come through CloudFront (no or a wrong origin secret) is refused. */
async function checkOrigin(event: ApiEvent): Promise<void> {
  const given = Buffer.from(event.headers?.[ORIGIN_VERIFY_HEADER] ?? '');
  const matches = (expected: string) => {
    const wanted = Buffer.from(expected);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  };
  const expected = await originSecret();
  if (expected === undefined || matches(expected)) return;
  // The stage's value may be new since this container read it: read it again, if that was a while ago.
  const current = await originSecret(ORIGIN_SECRET_RECHECK_MS);
  if (current === undefined || !matches(current)) throw new HttpError(403, 'Forbidden: use the site address');
}

function authorize(access: Access, caller: Caller | undefined): void {
  if (access !== 'public' && !caller) throw new HttpError(401, 'Unauthorized');
  if (access === 'admin' && !caller?.isAdmin) throw new HttpError(403, 'Forbidden: admin only');
}

function fileResult(file: FileBody): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: 200,
    headers: {
      'content-type': file.contentType,
      'cache-control': file.cacheControl,
      ...(file.filename ? { 'content-disposition': `attachment; filename="${file.filename}"` } : {}),
    },
    body: file.body,
  };
}

function toResult(status: number, body: unknown): APIGatewayProxyStructuredResultV2 {
  return status === 204 ? json(204) : json(status, body);
}

/**
 * Wraps a route's handler with its contract: enforces the route's access level from the verified
 * token (the API Gateway authorizer has already checked the signature; admin is checked here, from the
 * groups claim), validates path, query and body with the route's schemas (params first: a bad id is a
 * 400 before anything else is read), refuses a signed-in caller's token issued before their account's
 * sessions were ended (withLiveSession: one read of their profile, which the handler then reuses),
 * answers with the route's status, and turns HttpError into its status and anything unexpected into
 * a logged 500.
 *
 * Where the stage traces, the invocation is a Tracer subsegment annotated with the route's name and
 * the status it answered (searchable in X-Ray: `annotation.route = "getMe" AND annotation.status >= 500`);
 * never the response, which carries the caller's data (lambdas/runtime/tracer.ts).
 *
 * The runtime knows no key of the table: the profile is read by `readProfile`, which the store's
 * account room provides. Handlers take route() ready-made from lambdas/features/account/route.ts.
 */
export function routeReadingProfiles(readProfile: ProfileRead) {
  return <R extends RouteDef>(def: R, handler: RouteHandler<R>) => routeWith(readProfile, def, handler);
}

function routeWith<R extends RouteDef>(readProfile: ProfileRead, def: R, handler: RouteHandler<R>) {
  return middy<ApiEvent, APIGatewayProxyStructuredResultV2>({
    // Just before Lambda would cut the function off, an answer rather than a bare 500 from middy.
    timeoutEarlyInMillis: 250,
    timeoutEarlyResponse: () => json(503, errorBody(API_MESSAGES.tooSlow)),
  })
    .use(captureLambdaHandler(tracer, { captureResponse: false }))
    .before(async (request) => {
      logger.addContext(request.context);
      tracer.putAnnotation('route', def.name);
    })
    .after(async (request) => {
      // Runs before the Tracer's own `after` (middy runs them in reverse): its subsegment is still open.
      if (request.response) tracer.putAnnotation('status', request.response.statusCode ?? 200);
    })
    .handler(async (event, context) => {
      try {
        await checkOrigin(event);
        const caller = def.access === 'public' ? undefined : callerFrom(event);
        authorize(def.access, caller);
        const request = {
          caller,
          params: def.params ? parseParams(event, def.params) : undefined,
          query: def.query ? parseQuery(event, def.query) : undefined,
          body: def.body ? parseBody(event, def.body, def.maxBodyBytes) : undefined,
          event,
          context,
        } as RouteRequest<R>;
        const answer = caller
          ? await withLiveSession(readProfile, caller, () => handler(request))
          : await handler(request);
        if (answer instanceof Reply) return toResult(answer.status, answer.body);
        if (def.file) return fileResult(answer as FileBody);
        return toResult(def.status ?? 200, answer);
      } catch (error) {
        if (error instanceof HttpError) {
          return json(error.statusCode, errorBody(error.message, error.fieldErrors));
        }
        // A refusal of the store any route can meet (the account gone, say) has its words here.
        const refused = error instanceof DomainError ? error : accountRefusal(error);
        if (refused) {
          return json(DOMAIN_STATUS[refused.kind], errorBody(refused.message, refused.fieldErrors));
        }
        if (error instanceof ZodError) {
          const http = zodToHttp(error, 'Invalid request');
          return json(400, errorBody(http.message, http.fieldErrors));
        }
        logger.error('Unhandled error', { error: error as Error, path: event.rawPath });
        tracer.addErrorAsMetadata(error as Error);
        return json(500, errorBody('Internal server error'));
      }
    });
}

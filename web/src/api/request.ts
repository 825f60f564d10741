/**
 * The SPA's one way to call the API: typed from the route contract in shared/routes.ts, so a request
 * or response shape is never declared here. This module has no Amplify import, so public pages can
 * use it without loading the auth bundle; signed-in calls go through `callApi` in ./client.ts.
 */
import type { ApiError } from '#shared/api.ts';
import { buildPath, type RequestOf, type ResponseOf, type RouteDef } from '#shared/contract.ts';

export class ApiRequestError extends Error {
  override name = 'ApiRequestError';
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

/** The request's parts as optional, whatever the route takes (the public signature is RequestOf). */
interface AnyRequest {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** Arguments after the route: none when the route takes nothing, else its request. */
export type RequestArgs<R extends RouteDef> =
  object extends RequestOf<R> ? [request?: RequestOf<R>] : [request: RequestOf<R>];

/** What the transport needs of a route; pages in the first bundle name it by type only (see callPublic). */
export type RouteTarget<R extends RouteDef> = Pick<R, 'method' | 'path'>;

function urlOf(route: RouteTarget<RouteDef>, request: AnyRequest): string {
  const path = buildPath(route.path, request.params);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

async function parseJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Calls `route`; `token` is the access token for signed-in routes. Errors become ApiRequestError. */
export async function requestApi<R extends RouteDef>(
  route: RouteTarget<R>,
  request: AnyRequest,
  options: { token?: string; signal?: AbortSignal; keepalive?: boolean } = {},
): Promise<ResponseOf<R>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const hasBody = request.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';
  const response = await fetch(urlOf(route, request), {
    method: route.method,
    headers,
    body: hasBody ? JSON.stringify(request.body) : undefined,
    signal: options.signal,
    keepalive: options.keepalive,
  });
  if (response.status === 204) return undefined as ResponseOf<R>;
  const data = await parseJson(response);
  if (!response.ok) {
    const error = (data ?? {}) as Partial<ApiError>;
    throw new ApiRequestError(
      response.status,
      typeof error.message === 'string' ? error.message : `Request failed (HTTP ${response.status})`,
      error.fieldErrors,
    );
  }
  return data as ResponseOf<R>;
}

/**
 * A public route (no token): configuration, promotion, 404 reports, unsubscribe. Pages in the first
 * bundle pass `{ method, path }` with the route as a type argument (`callPublic<typeof API.x>`), so
 * the contract's schemas (and zod) stay out of that bundle while the literals are still checked.
 */
export function callPublic<R extends RouteDef & { access: 'public' }>(
  route: RouteTarget<R>,
  request?: RequestOf<R>,
  options?: { signal?: AbortSignal; keepalive?: boolean },
): Promise<ResponseOf<R>> {
  return requestApi(route, (request ?? {}) as AnyRequest, options);
}

/** The untyped request as the transport sees it. */
export const asRequest = (request: unknown): AnyRequest => (request ?? {}) as AnyRequest;

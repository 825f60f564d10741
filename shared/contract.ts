/**
 * The shape of an API contract entry and the types derived from it. `shared/routes.ts` declares the
 * routes with these; the Lambda `route()` wrapper and the SPA's API client both read their request
 * schemas and response types from there, so a request or response shape is written once.
 */
import type * as z from 'zod';

export type Access = 'public' | 'user' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type SuccessStatus = 200 | 201 | 202 | 204;

/**
 * A phantom marker that carries a response body's type and has no value at run time. The function
 * type makes it invariant, so `Returns<{ runs }>` and `Returns<{ items }>` never stand for each other.
 */
export interface Returns<T> {
  readonly __response?: (body: T) => T;
}
export const returns = <T>(): Returns<T> => ({});

/** A route answered with 204 and no body. */
export type NoContent = undefined;

/**
 * A route answered with a file rather than JSON (a calendar feed): its media type, its caching and
 * its text.
 */
export interface FileBody {
  contentType: string;
  cacheControl: string;
  body: string;
  /** Offered as an attachment under this name, when set. */
  filename?: string;
}

export interface RouteSpec {
  method: HttpMethod;
  /** API Gateway path syntax: /api/reminders/{id} */
  path: string;
  /** 'public' needs no token; 'user' a valid access token; 'admin' also the admin group in it. */
  access: Access;
  /** Owner-scoped routes: another user's id must give 404 (the authorization matrix checks it). */
  ownerScoped?: boolean;
  /** The success status; 200 when absent. */
  status?: SuccessStatus;
  /** The answer is a file (response `returns<FileBody>()`), sent as its own media type. */
  file?: true;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * Served by one Lambda shared with the other routes of the same group (lambdas/handlers/api/{group}.ts),
   * behind one HTTP API route `ANY /api/{group}/{proxy+}`, rather than a Lambda and a route of its
   * own: a few light routes of one feature then cost the stack 8 resources, not 8 each
   * (docs/decisions/0036).
   */
  group?: 'push' | 'reminders' | 'household' | 'inbox' | 'channels';
  /** The largest body the route takes, in bytes; a larger one is refused with 413 before it is parsed. */
  maxBodyBytes?: number;
  response: { readonly __response?: (body: never) => unknown };
}

/** The one HTTP API route a group's routes are served through (the CDK api and the local adapter). */
export const groupRoutePath = (group: string) => `/api/${group}/{proxy+}`;

/** A declared route: its declaration plus its stable name (the Lambda's id and lambdas/handlers/api/{name}.ts). */
export type RouteDef<S extends RouteSpec = RouteSpec, N extends string = string> = S & { readonly name: N };

/**
 * Whether a route also answers HEAD, as its GET (headers, no body): the file routes (calendar feed,
 * event links), which calendar clients and link checkers probe with HEAD.
 */
export const answersHead = (route: RouteSpec) => route.method === 'GET' && route.file === true;

/** Names each entry after its key, keeping every literal type. */
export function defineRoutes<const T extends Record<string, RouteSpec>>(
  declarations: T,
): { readonly [K in keyof T & string]: RouteDef<T[K], K> } {
  return Object.fromEntries(
    Object.entries(declarations).map(([name, route]) => [name, { ...route, name }]),
  ) as {
    readonly [K in keyof T & string]: RouteDef<T[K], K>;
  };
}

export type ResponseOf<R> = R extends { response: Returns<infer T> } ? T : never;

type SchemaOf<R, K extends 'params' | 'query' | 'body'> = R extends { [P in K]: infer S extends z.ZodType }
  ? S
  : undefined;

/** What the handler receives: the schema's output after validation. */
export type ParsedOf<R, K extends 'params' | 'query' | 'body'> =
  SchemaOf<R, K> extends z.ZodType ? z.output<SchemaOf<R, K>> : undefined;

/** What a client sends: the schema's input. */
export type InputOf<R, K extends 'params' | 'query' | 'body'> =
  SchemaOf<R, K> extends z.ZodType ? z.input<SchemaOf<R, K>> : undefined;

/** `{id}` placeholders of a path, as a record of strings. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name]: string } & PathParams<Rest>
  : unknown;

/** The client's request for a route: only the parts the route takes. */
export type RequestOf<R extends RouteDef> = (R['path'] extends `${string}{${string}`
  ? { params: PathParams<R['path']> }
  : unknown) &
  (R extends { query: z.ZodType } ? { query?: InputOf<R, 'query'> } : unknown) &
  (R extends { body: z.ZodType } ? { body: InputOf<R, 'body'> } : unknown);

/** Match a concrete path against a route path; returns the path parameters or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const patternParts = pattern.split('/');
  const pathParts = path.split('/');
  if (patternParts.length !== pathParts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < patternParts.length; i++) {
    const p = patternParts[i]!;
    const actual = pathParts[i]!;
    if (p.startsWith('{') && p.endsWith('}')) {
      if (actual === '') return null;
      params[p.slice(1, -1)] = decodeURIComponent(actual);
    } else if (p !== actual) {
      return null;
    }
  }
  return params;
}

/** The concrete path of a route, with each placeholder URL-encoded. */
export function buildPath(pattern: string, params: Record<string, string> = {}): string {
  return pattern.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${pattern}`);
    return encodeURIComponent(value);
  });
}

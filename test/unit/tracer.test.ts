/**
 * The Powertools Tracer on the handlers (lambdas/runtime/tracer.ts): off in the tests and wherever
 * POWERTOOLS_TRACE_ENABLED is false (a stage without `tracing`), every call then a no-op; on in Lambda
 * with the flag, where route() records a subsegment per invocation with the route and its status,
 * traced() does the same for the other handlers, and the SDK clients are captured. Never a response.
 */
import type { Context } from 'aws-lambda';
import AWSXRay from 'aws-xray-sdk-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApiEvent } from '../../lambdas/runtime/apiEvent.ts';
import { returns } from '../../shared/contract.ts';

const context = {} as Context;
const event = () => buildApiEvent({ method: 'GET', routePath: '/api/x' });

/** The runtime modules, loaded afresh with this environment (the Tracer reads it when it loads). */
async function runtimeWith(environment: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(environment)) vi.stubEnv(name, value);
  const { tracer, traced } = await import('../../lambdas/runtime/tracer.ts');
  const { HttpError } = await import('../../lambdas/runtime/http.ts');
  const { route } = await import('../../lambdas/features/account/route.ts');
  const clients = await import('../../lambdas/runtime/clients.ts');
  return { tracer, traced, route, HttpError, clients };
}

/** As in Lambda with the stage's flag: AWS_EXECUTION_ENV set (HTTP capture off: no global patching here). */
const IN_LAMBDA = {
  AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
  _HANDLER: 'index.handler',
  TABLE_NAME: 'unit',
  POWERTOOLS_TRACER_CAPTURE_HTTPS_REQUESTS: 'false',
  POWERTOOLS_TRACER_CAPTURE_RESPONSE: 'false',
  // The 500 below is logged as an error; not here.
  POWERTOOLS_LOG_LEVEL: 'SILENT',
};

/** What the X-Ray SDK keeps of a subsegment (its fields, which its types leave out). */
interface Recorded {
  name: string;
  annotations?: Record<string, unknown>;
  metadata?: unknown;
  fault?: boolean;
}

/** Runs `fn` under a fresh X-Ray segment, as Lambda's facade segment would be, and returns both. */
async function underSegment<T>(fn: () => Promise<T>) {
  const segment = new AWSXRay.Segment('probe');
  const result = await AWSXRay.getNamespace().runAndReturn(() => {
    AWSXRay.setSegment(segment);
    return fn();
  });
  return { segment, result: result as T, subsegments: (segment.subsegments ?? []) as unknown as Recorded[] };
}

const xrayInstrumented = (client: { middlewareStack: { identify(): string[] } }) =>
  client.middlewareStack.identify().some((m) => m.includes('XRaySDKInstrumentation'));

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('tracing off', () => {
  it('outside Lambda (the tests, the local stack), even with the flag: off, the route wrapper answering as before', async () => {
    // No AWS_EXECUTION_ENV here; the local stack sets its environment only after the modules load.
    const { tracer, route, clients } = await runtimeWith({
      TABLE_NAME: 'unit',
      POWERTOOLS_TRACE_ENABLED: 'true',
    });
    expect(tracer.isTracingEnabled()).toBe(false);
    const probe = route(
      {
        name: 'probe',
        method: 'GET',
        path: '/api/x',
        access: 'public',
        response: returns<{ ok: boolean }>(),
      },
      async () => ({ ok: true }),
    );
    const result = await probe(event(), context);
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(String(result.body))).toEqual({ ok: true });
    expect(xrayInstrumented(clients.dynamo())).toBe(false);
  });

  it('in Lambda with POWERTOOLS_TRACE_ENABLED=false (a stage without `tracing`): off, clients as they were', async () => {
    const { tracer, traced, clients } = await runtimeWith({
      ...IN_LAMBDA,
      POWERTOOLS_TRACE_ENABLED: 'false',
    });
    expect(tracer.isTracingEnabled()).toBe(false);
    expect(xrayInstrumented(clients.dynamo())).toBe(false);
    expect(xrayInstrumented(await clients.sesClient())).toBe(false);
    const { result, subsegments } = await underSegment(() => traced(async (n: number) => n + 1)(1));
    expect(result).toBe(2);
    expect(subsegments).toEqual([]);
  });
});

describe('tracing on (in Lambda, POWERTOOLS_TRACE_ENABLED=true)', () => {
  const on = () => runtimeWith({ ...IN_LAMBDA, POWERTOOLS_TRACE_ENABLED: 'true' });

  it('a route: one subsegment annotated with the route and its status, never the response', async () => {
    const { tracer, route, HttpError } = await on();
    expect(tracer.isTracingEnabled()).toBe(true);
    const def = {
      name: 'probe',
      method: 'GET',
      path: '/api/x',
      access: 'public',
      response: returns<{ email: string }>(),
    } as const;
    const ok = route(def, async () => ({ email: 'someone@example.com' }));
    const first = await underSegment(() => ok(event(), context));
    expect(first.result.statusCode).toBe(200);
    expect(first.subsegments.map((s) => s.name)).toEqual(['## index.handler']);
    const [handlerSegment] = first.subsegments;
    expect(handlerSegment!.annotations).toEqual({
      ColdStart: expect.any(Boolean),
      Service: 'renewal-reminders',
      route: 'probe',
      status: 200,
    });
    expect(handlerSegment!.metadata).toBeUndefined();
    expect(JSON.stringify(first.segment)).not.toContain('someone@example.com');

    const refused = route(def, async () => {
      throw new HttpError(404, 'Not found');
    });
    const second = await underSegment(() => refused(event(), context));
    expect(second.subsegments[0]!.annotations).toMatchObject({ route: 'probe', status: 404 });
    expect(second.subsegments[0]!.fault).toBeUndefined();

    const broken = route(def, async () => {
      throw new Error('boom');
    });
    const third = await underSegment(() => broken(event(), context));
    expect(third.result.statusCode).toBe(500);
    expect(third.subsegments[0]!.annotations).toMatchObject({ status: 500 });
    expect(third.subsegments[0]!.fault).toBe(true);
  });

  it('traced(): a subsegment around the handler, the error recorded and rethrown, no response', async () => {
    const { traced } = await on();
    const handler = traced(async (event: { fail: boolean }) => {
      if (event.fail) throw new Error('refused');
      return { email: 'someone@example.com' };
    });
    const ok = await underSegment(() => handler({ fail: false }));
    expect(ok.result).toEqual({ email: 'someone@example.com' });
    expect(ok.subsegments.map((s) => s.name)).toEqual(['## index.handler']);
    expect(ok.subsegments[0]!.annotations).toMatchObject({ Service: 'renewal-reminders' });
    expect(ok.subsegments[0]!.metadata).toBeUndefined();
    expect(JSON.stringify(ok.segment)).not.toContain('someone@example.com');

    const failed = await underSegment(() => handler({ fail: true }).catch((error: Error) => error.message));
    expect(failed.result).toBe('refused');
    expect(failed.subsegments[0]!.fault).toBe(true);
  });

  it('captures the SDK clients as they are made, the lazily loaded ones too', async () => {
    const { clients } = await on();
    expect(xrayInstrumented(clients.dynamo())).toBe(true);
    expect(xrayInstrumented(await clients.sesClient())).toBe(true);
    expect(xrayInstrumented(await clients.sqsClient())).toBe(true);
    expect(xrayInstrumented(await clients.cognitoClient())).toBe(true);
  });
});

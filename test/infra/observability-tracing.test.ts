/**
 * Observability of a stage, continued: X-Ray tracing and the Powertools Tracer per the `tracing`
 * flag, the Powertools layer on every function, and a retention on every log group of both stacks,
 * CDK's own functions included.
 */
import { CfnResource, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { readStageConfig } from '../../lib/config.ts';
import { applyStageLogRetention } from '../../lib/logs.ts';
import { powertoolsLayerParameter, powertoolsVersion } from '../../lib/powertools.ts';
import {
  actionsOfFunction,
  devAndProd,
  newApp,
  resourcesOfType,
  synth,
  type Synthesized,
} from './harness.ts';
import { customResourceHandlers } from './stack-helpers.ts';

const { dev, prod } = devAndProd();

type Resource = { Type: string; Properties?: Record<string, unknown>; [key: string]: unknown };

/** The stack's one parameter that resolves the Powertools layer's ARN from SSM at deploy, as a Ref. */
const powertoolsLayerRef = (template: Template) => {
  const parameters = Object.entries(
    (template.toJSON().Parameters ?? {}) as Record<string, { Type: string; Default?: string }>,
  ).filter(([, p]) => p.Default === powertoolsLayerParameter());
  expect(parameters.map(([, p]) => p.Type)).toEqual(['AWS::SSM::Parameter::Value<String>']);
  return { Ref: parameters[0]![0] };
};

describe('X-Ray tracing and the Powertools Tracer per the `tracing` flag; the Powertools layer', () => {
  const read = (context: Record<string, unknown>) => readStageConfig(newApp({ context }).node);

  it('is on in prod and off elsewhere unless the context says otherwise; other values are refused', () => {
    expect(read({}).tracing).toBe(false);
    expect(read({ stage: 'prod' }).tracing).toBe(true);
    expect(read({ tracing: 'true' }).tracing).toBe(true);
    expect(read({ tracing: true }).tracing).toBe(true);
    expect(read({ stage: 'prod', tracing: 'false' }).tracing).toBe(false);
    expect(() => read({ tracing: 'yes' })).toThrow(/'tracing' must be true or false/);
  });

  const ourFunctions = (s: Synthesized) => {
    const handlers = customResourceHandlers(s.template);
    return Object.entries(resourcesOfType(s.template, 'AWS::Lambda::Function')).filter(
      ([id]) => !handlers.has(id),
    );
  };

  it.each([
    ['dev (default off)', () => dev, false],
    ['prod (default on)', () => prod, true],
    ['dev with tracing=true', () => synth({ stage: 'dev', tracing: 'true' }), true],
    [
      'prod with tracing=false',
      () => synth({ stage: 'prod', domain: 'example.com', tracing: 'false' }),
      false,
    ],
  ])('%s', (_, get, on) => {
    const s = get();
    const fns = ourFunctions(s);
    expect(fns.length).toBeGreaterThan(30);
    const layer = powertoolsLayerRef(s.template);
    for (const [id, fn] of fns) {
      // The Tracer (lambdas/runtime/tracer.ts) follows the flag; Powertools comes from its layer.
      const env = (fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(env.POWERTOOLS_TRACE_ENABLED, id).toBe(String(on));
      expect(env.POWERTOOLS_TRACER_CAPTURE_RESPONSE, id).toBe('false');
      expect(fn.Properties?.Layers, id).toEqual([layer]);
      if (on) {
        expect(fn.Properties?.TracingConfig, id).toEqual({ Mode: 'Active' });
        expect(actionsOfFunction(s.template, id)).toContain('xray:PutTraceSegments');
      } else {
        expect(fn.Properties?.TracingConfig, id).toBeUndefined();
        expect(actionsOfFunction(s.template, id)).not.toContain('xray:PutTraceSegments');
      }
    }
    // Every stage, traced or not: Logger and Metrics come from the layer too.
    expect(powertoolsLayerParameter()).toBe(
      `/aws/service/powertools/typescript/generic/all/${powertoolsVersion()}`,
    );
    // API Gateway traces REST APIs only: the HTTP API stage has no tracing setting to turn on.
    for (const stage of Object.values(resourcesOfType(s.template, 'AWS::ApiGatewayV2::Stage'))) {
      expect(JSON.stringify(stage.Properties)).not.toMatch(/Tracing/i);
    }
  });
});

describe('log retention', () => {
  const templates = (s: Synthesized) =>
    [
      ['main', s.template],
      ['edge', Template.fromStack(s.stack.edge!)],
    ] as const;

  /** The retention of the log group a function writes to: its LoggingConfig's, or /aws/lambda/{it}. */
  const retentionOf = (template: Template, fnId: string, fn: Resource): unknown => {
    const groups = resourcesOfType(template, 'AWS::Logs::LogGroup');
    const configured = (fn.Properties?.LoggingConfig as { LogGroup?: { Ref?: string } } | undefined)?.LogGroup
      ?.Ref;
    if (configured) return groups[configured]?.Properties?.RetentionInDays;
    const named = Object.values(groups).filter(
      (g) =>
        JSON.stringify(g.Properties?.LogGroupName) ===
        JSON.stringify({ 'Fn::Join': ['', ['/aws/lambda/', { Ref: fnId }]] }),
    );
    expect(named, `${fnId} has no log group`).toHaveLength(1);
    return named[0]!.Properties?.RetentionInDays;
  };

  it.each([
    ['dev', 14, () => dev],
    ['prod', 90, () => prod],
    ['dev with logRetentionDays=30', 30, () => synth({ stage: 'dev', logRetentionDays: 30 })],
  ])("%s: every function of both stacks writes to a log group kept the stage's %s days", (_, days, get) => {
    const s = get();
    let cdkOwn = 0;
    for (const [name, template] of templates(s)) {
      const functions = Object.entries(resourcesOfType(template, 'AWS::Lambda::Function'));
      expect(functions.length, name).toBeGreaterThan(0);
      for (const [id, fn] of functions) {
        expect(retentionOf(template, id, fn), `${name} ${id}`).toBe(days);
        if (id.startsWith('Custom')) cdkOwn++;
      }
      for (const [id, group] of Object.entries(resourcesOfType(template, 'AWS::Logs::LogGroup'))) {
        expect(group.Properties?.RetentionInDays, `${name} ${id}`).toBe(days);
      }
    }
    // BucketDeployment's handler, the cross-region export reader and writer (and in dev the S3
    // auto-delete provider) are CDK's, each covered too.
    expect(cdkOwn).toBeGreaterThanOrEqual(3);
  });

  it('gives a function without one a log group, and sets the retention of a CDK-managed one', () => {
    const app = newApp({ context: { '@aws-cdk/aws-lambda:useCdkManagedLogGroup': true } });
    const stack = new Stack(app, 'Probe');
    const config = readStageConfig(newApp({ context: { logRetentionDays: 7 } }).node);
    // An L2 function: CDK makes /aws/lambda/{name} for it, kept two years.
    new LambdaFunction(stack, 'Managed', {
      runtime: Runtime.NODEJS_22_X,
      handler: 'index.handler',
      code: Code.fromInline('exports.handler = async () => {}'),
    });
    // A bare function resource, as CDK's custom resource providers make them: no log group at all.
    new CfnResource(stack, 'Bare', {
      type: 'AWS::Lambda::Function',
      properties: {
        Handler: 'index.handler',
        Runtime: 'nodejs22.x',
        Role: 'arn:aws:iam::123456789012:role/r',
        Code: { ZipFile: 'x' },
      },
    });
    applyStageLogRetention(stack, config);
    applyStageLogRetention(stack, config);
    const template = Template.fromStack(stack);
    const groups = resourcesOfType(template, 'AWS::Logs::LogGroup');
    expect(Object.values(groups).map((g) => g.Properties?.RetentionInDays)).toEqual([7, 7]);
    const fns = resourcesOfType(template, 'AWS::Lambda::Function');
    const [managedId, managed] = Object.entries(fns).find(([id]) => id.startsWith('Managed'))!;
    expect(managed.Properties?.LoggingConfig).toBeUndefined();
    expect(retentionOf(template, managedId, managed)).toBe(7);
    expect(fns.Bare!.Properties?.LoggingConfig).toEqual({
      LogGroup: { Ref: expect.stringMatching(/^BareStageLogs/) },
    });
    expect(retentionOf(template, 'Bare', fns.Bare!)).toBe(7);
  });
});

/**
 * CloudFormation's per-template limits, with a fifth kept free: any stack of a stage (the stage's
 * own, each route stack nested in it, the us-east-1 edge stack) that passes 80% of any of them fails
 * here, long before a deploy would. The route functions live in nested route stacks
 * (docs/decisions/0040): a route adds about 8 resources to one of them and one log group to the
 * stage's stack, so the stage has room for 100 more routes, each put in the stack with the fewest
 * functions as the committed map asks (decision 0049), which the second half proves.
 */
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { returns } from '../../shared/contract.ts';
import { ROUTES, type RouteDef } from '../../shared/routes.ts';
import { ROUTE_STACK_MAP, withNewFunctions } from '../../lib/routeStackMap.ts';
import { cleanUp, synth, type Synthesized } from './harness.ts';

afterAll(cleanUp);

/** https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/cloudformation-limits.html */
const CLOUDFORMATION_LIMITS = {
  resources: 500,
  /** Template body uploaded through S3, in bytes (CDK uploads templates as assets). */
  templateBytes: 1_000_000,
  outputs: 200,
  parameters: 200,
} as const;
const HEADROOM = 0.8;

const CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000';
const API_CERTIFICATE = 'arn:aws:acm:eu-west-2:123456789012:certificate/11111111-1111-1111-1111-111111111111';

/** The largest stage: prod with its domain, both certificates, a zone, alarm mail and DMARC reports. */
const LARGEST = {
  stage: 'prod',
  domain: 'example.com',
  certificateArn: CERTIFICATE,
  apiCertificateArn: API_CERTIFICATE,
  hostedZoneId: 'Z0000000000000000000',
  alarmEmail: 'ops@example.com',
  dmarcReportEmail: 'dmarc@example.com',
};

/**
 * `count` routes more than the manifest, of the heaviest kinds: public GET files (HEAD too: two
 * routes and two permissions), admin GETs and user writes, each with a function of its own.
 */
function extraRoutes(count: number): RouteDef[] {
  const kinds = [
    { method: 'GET', access: 'public', file: true },
    { method: 'GET', access: 'admin' },
    { method: 'POST', access: 'user' },
  ] as const;
  return Array.from({ length: count }, (_, i) => ({
    ...kinds[i % kinds.length]!,
    name: `extraRoute${i}`,
    path: `/api/extra/${i}`,
    response: returns<unknown>(),
  })) as unknown as RouteDef[];
}

function usage(stack: Stack) {
  const json = Template.fromStack(stack).toJSON() as Record<string, Record<string, unknown> | undefined>;
  return {
    resources: Object.keys(json.Resources ?? {}).length,
    // As CDK writes the file (one-space indentation).
    templateBytes: Buffer.byteLength(JSON.stringify(json, undefined, 1)),
    outputs: Object.keys(json.Outputs ?? {}).length,
    parameters: Object.keys(json.Parameters ?? {}).length,
  };
}

/** Every stack of the app, nested ones included. */
const stacksOf = (s: Synthesized) =>
  s.app.node.findAll().filter((node): node is Stack => node instanceof Stack);

function expectUnderLimits(s: Synthesized): void {
  for (const stack of stacksOf(s)) {
    const used = usage(stack);
    for (const [limit, max] of Object.entries(CLOUDFORMATION_LIMITS)) {
      const value = used[limit as keyof typeof used];
      expect(value, `${stack.node.path}: ${limit} ${value} of ${max}`).toBeLessThanOrEqual(max * HEADROOM);
    }
  }
}

describe('every stack stays under 80% of CloudFormation’s template limits', () => {
  for (const [label, context] of [
    ['prod with certificates', LARGEST],
    ['dev', {}],
  ] as const) {
    it(label, () => expectUnderLimits(synth(context)));

    it(`${label}, with 100 routes more than today`, () => {
      // Each new function added to the map where a developer would: the stack with the fewest.
      const extra = extraRoutes(100);
      const routeStackMap = withNewFunctions(
        ROUTE_STACK_MAP,
        extra.map((r) => r.name),
      );
      const grown = synth(context, { nag: false, routes: [...ROUTES, ...extra], routeStackMap });
      expect(Object.keys(grown.stack.api.functions)).toHaveLength(ROUTES.length + 100);
      expectUnderLimits(grown);
    });
  }

  it('puts the route functions in nested stacks, not the stage’s own', () => {
    const { stack } = synth(LARGEST);
    const functionsIn = (s: Stack) =>
      Object.keys(Template.fromStack(s).findResources('AWS::Lambda::Function')).length;
    const routeFunctions = new Set(Object.values(stack.api.functions)).size;
    expect(stack.api.routeStacks.map(functionsIn).reduce((a, b) => a + b, 0)).toBe(routeFunctions);
  });
});

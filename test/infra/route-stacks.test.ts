/**
 * Route keys stay in the nested stack they were first deployed in (decision 0049): the stack of each
 * function comes from the committed map (lib/routeStacks.json), and fixtures/route-stacks.json records
 * the stack of every route key. A route whose stack changed would be created there before its old
 * stack deletes it, and API Gateway refuses the second route with the same key: the update fails.
 *
 * And the move itself, for a prod deployed before the route stacks existed: fixtures/
 * prod-before-route-stacks.json is that prod, synthesized from the last commit before the move; the
 * two deploys of decision 0049 take it to today's prod with no route key created twice, the table,
 * the pool and every retained resource kept.
 */
import { readFileSync } from 'node:fs';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { guardVerdict } from '../../lib/deploy/guard.ts';
import { templateChanges } from '../../lib/deploy/templateDiff.ts';
import {
  emptiestStack,
  movedRouteKeys,
  parseRouteStackMap,
  ROUTE_STACK_MAP,
  ROUTE_STACK_MAP_FILE,
  ROUTE_STACKS,
  routeStackOf,
  withNewFunctions,
} from '../../lib/routeStackMap.ts';
import { returns } from '../../shared/contract.ts';
import { API, ROUTES, type RouteDef } from '../../shared/routes.ts';
import { cleanUp, synth, type Synthesized } from './harness.ts';
import { GROUPS, PROD_WITH_CERTIFICATES, ROUTE_DEFS } from './stack-helpers.ts';

afterAll(cleanUp);

const fixture = <T>(name: string) =>
  JSON.parse(readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8')) as T;

/** Each route key of the API, by the stack that holds it: `Routes{n}`, or `stage` for the stage's own stack. */
function routeKeysOf(s: Synthesized): Record<string, string> {
  const keys: Record<string, string> = {};
  const stacks: [string, Template][] = [
    ['stage', Template.fromStack(s.stack)],
    ...s.stack.api.routeStacks.map((nested): [string, Template] => [
      nested.node.id,
      Template.fromStack(nested),
    ]),
  ];
  for (const [label, template] of stacks)
    for (const route of Object.values(template.findResources('AWS::ApiGatewayV2::Route')))
      keys[(route as { Properties: { RouteKey: string } }).Properties.RouteKey] = label;
  return keys;
}

describe('the route stack of each route', () => {
  const deployed = fixture<Record<string, string>>('route-stacks.json');

  it('is the one every route key was first deployed in', () => {
    const now = routeKeysOf(synth({ stage: 'dev' }));
    const moved = movedRouteKeys(deployed, now).map(
      ({ key, from, to }) =>
        `${key} would move from ${from} to ${to}: restore its function's entry in ${ROUTE_STACK_MAP_FILE} (decision 0049)`,
    );
    expect(moved).toEqual([]);
    const unrecorded = Object.entries(now)
      .filter(([key]) => !(key in deployed))
      .map(
        ([key, stack]) =>
          `${key} is new: record "${key}": "${stack}" in test/infra/fixtures/route-stacks.json`,
      );
    expect(unrecorded).toEqual([]);
  });

  it('is the same on every stage', () => {
    expect(routeKeysOf(synth({ stage: 'prod', domain: 'example.com' }))).toEqual(
      routeKeysOf(synth({ stage: 'dev' })),
    );
  });

  it('comes from the map, which names every route function once and a stack that exists', () => {
    const functions = [...ROUTE_DEFS.filter((r) => !r.group).map((r) => r.name), ...GROUPS].sort();
    expect(Object.keys(ROUTE_STACK_MAP).sort()).toEqual(functions);
    expect(() => parseRouteStackMap('{"getMe": 6}')).toThrow(
      `${ROUTE_STACK_MAP_FILE}: 'getMe' must name a route stack 0 to 5`,
    );
  });

  it('is asked for, by name and with a stack to use, when a new route is not in the map', () => {
    const newRoute = {
      name: 'getWidgets',
      method: 'GET',
      path: '/api/widgets',
      access: 'user',
      response: returns<unknown>(),
    } as unknown as RouteDef;
    const suggested = emptiestStack(ROUTE_STACK_MAP);
    expect(() => synth({ stage: 'dev' }, { nag: false, routes: [...ROUTES, newRoute] })).toThrow(
      `Route function 'getWidgets' has no route stack in lib/routeStacks.json. Add "getWidgets": ${suggested} (Routes${suggested} holds the fewest functions).`,
    );
    // Once added, it goes there and nothing else moves.
    const grown = synth(
      { stage: 'dev' },
      {
        nag: false,
        routes: [...ROUTES, newRoute],
        routeStackMap: withNewFunctions(ROUTE_STACK_MAP, ['getWidgets']),
      },
    );
    const keys = routeKeysOf(grown);
    expect(keys['GET /api/widgets']).toBe(`Routes${suggested}`);
    expect(movedRouteKeys(routeKeysOf(synth({ stage: 'dev' })), keys)).toEqual([]);
  });

  it('never follows a route into another function: a route regrouped keeps no key of its old one', () => {
    // The stack belongs to the function; a route that changes function changes key (its group's
    // ANY route) or keeps its function's stack. movedRouteKeys finds a key whose stack changed.
    expect(movedRouteKeys({ 'GET /api/me': 'Routes3' }, { 'GET /api/me': 'Routes1' })).toEqual([
      { key: 'GET /api/me', from: 'Routes3', to: 'Routes1' },
    ]);
    expect(
      movedRouteKeys({ 'GET /api/me': 'Routes3' }, { 'GET /api/me': 'Routes3', 'GET /api/x': 'Routes1' }),
    ).toEqual([]);
    expect(routeStackOf(API.getMe.name)).toBe(ROUTE_STACK_MAP.getMe);
    expect(emptiestStack({ a: 0, b: 0, c: 1 })).toBe(2);
    expect(ROUTE_STACKS).toBe(6);
  });
});

describe('moving a prod deployed before the route stacks', () => {
  /** The context of fixtures/prod-before-route-stacks.json (and of logical-ids.test.ts). */
  const PROD = PROD_WITH_CERTIFICATES;
  const before = fixture<{ resources: Record<string, string>; routeKeys: string[] }>(
    'prod-before-route-stacks.json',
  );
  const beforeKeys = Object.fromEntries(before.routeKeys.map((key) => [key, 'stage']));
  const beforeTemplate = {
    Resources: Object.fromEntries(Object.entries(before.resources).map(([id, Type]) => [id, { Type }])),
  };
  /** Deploy 1: `-c withoutRoutes=true`. Deploy 2: as always. */
  const first = synth({ ...PROD, withoutRoutes: 'true' });
  const after = synth(PROD);
  const stageResources = (s: Synthesized) => Template.fromStack(s.stack).toJSON() as typeof beforeTemplate;

  it('fails in one deploy: every route key of the old stack would be created again in a route stack', () => {
    const moved = movedRouteKeys(beforeKeys, routeKeysOf(after));
    expect(moved.length).toBe(before.routeKeys.length);
    expect(moved[0]).toMatchObject({ from: 'stage', to: expect.stringMatching(/^Routes\d$/) });
  });

  it('moves no route key in either of the two deploys: the first has none', () => {
    expect(routeKeysOf(first)).toEqual({});
    expect(movedRouteKeys(beforeKeys, routeKeysOf(first))).toEqual([]);
    expect(movedRouteKeys(routeKeysOf(first), routeKeysOf(after))).toEqual([]);
    // The route stacks and their functions already exist after the first: the second only adds routes.
    expect(first.stack.api.routeStacks.map((s) => s.node.id).sort()).toEqual(
      after.stack.api.routeStacks.map((s) => s.node.id).sort(),
    );
    expect(Object.keys(first.template.findResources('AWS::Lambda::Function')).sort()).toEqual(
      Object.keys(after.template.findResources('AWS::Lambda::Function')).sort(),
    );
  });

  it('keeps the table, the pool and every retained resource in the stage’s stack through both', () => {
    const kept =
      fixture<Record<string, Record<string, string>>>('stateful-logical-ids.json')['prod with certificates']!;
    for (const [id, type] of Object.entries(kept)) {
      expect(before.resources[id], id).toBe(type);
      expect(stageResources(first).Resources[id]?.Type, id).toBe(type);
      expect(stageResources(after).Resources[id]?.Type, id).toBe(type);
    }
  });

  it('asks --allow-destroy of the first deploy for the function alarms alone, which it recreates in the route stacks', () => {
    const changes = templateChanges('RenewalReminders-prod', beforeTemplate, stageResources(first)).filter(
      (c) => c.action === 'Remove' || c.action === 'Replace',
    );
    const refused = guardVerdict(changes, false).refusals.map((r) => r.change);
    expect(new Set(refused.map((c) => `${c.action} ${c.type}`))).toEqual(
      new Set(['Remove AWS::CloudWatch::Alarm']),
    );
    // Each a route function's errors alarm (Api/{name}/ErrorsAlarm), one per route function it had.
    for (const { logicalId } of refused) expect(logicalId).toMatch(/^Api\w+ErrorsAlarm[0-9A-F]{8}$/);
    const routeFunctions = Object.values(before.resources).filter((type) => type === 'AWS::Lambda::Function');
    expect(refused.length).toBeLessThan(routeFunctions.length);
    expect(refused.length).toBeGreaterThan(30);
  });

  it('lets the second deploy through the guard: it adds the routes and deletes nothing', () => {
    const changes = templateChanges(
      'RenewalReminders-prod',
      first.template.toJSON(),
      after.template.toJSON(),
    );
    expect(guardVerdict(changes, false).proceed).toBe(true);
    expect(changes.filter((c) => c.action === 'Remove' || c.action === 'Replace')).toEqual([]);
    expect(changes.filter((c) => c.type === 'AWS::ApiGatewayV2::Route' && c.action === 'Add')).toHaveLength(
      Object.keys(routeKeysOf(after)).length,
    );
  });
});

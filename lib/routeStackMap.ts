import { readFileSync } from 'node:fs';

/**
 * Which nested route stack holds each route function (decision 0049): a committed map from the
 * function's name (a route's, or a group's) to its stack, `Api/Routes{n}`. A route that moved to
 * another stack would be created there before its old stack deletes it, and API Gateway refuses a
 * second route with the same key: the update fails. So the map only grows, and an entry never
 * changes once deployed; test/infra/route-stacks.test.ts holds every route key to the stack it was
 * first deployed in.
 */
export const ROUTE_STACK_MAP_FILE = 'lib/routeStacks.json';

/** How many route stacks there are (Routes0 … Routes5). Changing it is a migration (decision 0049). */
export const ROUTE_STACKS = 6;

export type RouteStackMap = Readonly<Record<string, number>>;

/** The committed map, checked: every entry a stack that exists. */
export const ROUTE_STACK_MAP: RouteStackMap = parseRouteStackMap(
  readFileSync(new URL('routeStacks.json', import.meta.url), 'utf8'),
);

export function parseRouteStackMap(text: string): RouteStackMap {
  const map = JSON.parse(text) as Record<string, unknown>;
  for (const [name, index] of Object.entries(map)) {
    if (!Number.isInteger(index) || (index as number) < 0 || (index as number) >= ROUTE_STACKS)
      throw new Error(`${ROUTE_STACK_MAP_FILE}: '${name}' must name a route stack 0 to ${ROUTE_STACKS - 1}`);
  }
  return map as RouteStackMap;
}

/** The route stack with the fewest functions (the lowest such index): where a new function goes. */
export function emptiestStack(map: RouteStackMap): number {
  const counts = Array.from({ length: ROUTE_STACKS }, () => 0);
  for (const index of Object.values(map)) counts[index]! += 1;
  return counts.indexOf(Math.min(...counts));
}

/** The map with each of `names` it lacks added to the emptiest stack in turn, as a developer would. */
export function withNewFunctions(map: RouteStackMap, names: readonly string[]): RouteStackMap {
  const grown: Record<string, number> = { ...map };
  for (const name of names) if (!(name in grown)) grown[name] = emptiestStack(grown);
  return grown;
}

/** The route stack of a route function; a function the map does not name stops the synth, saying how to add it. */
export function routeStackOf(name: string, map: RouteStackMap = ROUTE_STACK_MAP): number {
  const index = map[name];
  if (index !== undefined) return index;
  const suggested = emptiestStack(map);
  throw new Error(
    `Route function '${name}' has no route stack in ${ROUTE_STACK_MAP_FILE}. Add "${name}": ${suggested} ` +
      `(Routes${suggested} holds the fewest functions). Never change an entry once deployed: a route ` +
      'whose stack changes fails the deploy (docs/decisions/0049-route-stacks-from-a-committed-map.md).',
  );
}

/** A route key that is in one stack before a deploy and in another after it. */
export interface MovedRoute {
  key: string;
  from: string;
  to: string;
}

/**
 * The route keys a deploy from `before` to `after` (route key → the stack that holds it) would
 * move: API Gateway refuses each one's create in its new stack while the old stack still has it.
 */
export function movedRouteKeys(
  before: Readonly<Record<string, string>>,
  after: Readonly<Record<string, string>>,
): MovedRoute[] {
  return Object.entries(after)
    .filter(([key, stack]) => before[key] !== undefined && before[key] !== stack)
    .map(([key, to]) => ({ key, from: before[key]!, to }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

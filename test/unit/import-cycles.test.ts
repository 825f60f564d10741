/**
 * The import-cycle check of `npm run lint` (scripts/import-cycles.ts): it counts type-only imports,
 * which ESLint's import-x/no-cycle leaves out, and fails on any cycle. The fixtures in
 * test/fixtures/import-cycle are outside the checked trees: a.ts and b.ts import each other's types.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCycles, importGraph, sourceFiles } from '../../scripts/import-cycles.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const fixture = (name: string) => path.join(ROOT, 'test/fixtures/import-cycle', name);

const graphOf = (edges: Record<string, string[]>) =>
  new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

describe('the import graph', () => {
  const files = sourceFiles(ROOT, ['test/fixtures/import-cycle']);
  const graph = importGraph([...files, path.join(ROOT, 'shared/brand.ts')]);

  it('has an edge for a type-only import, and one through the #shared subpath import', () => {
    expect(files).toEqual([fixture('a.ts'), fixture('b.ts'), fixture('c.ts')]);
    expect([...graph.get(fixture('a.ts'))!]).toEqual([fixture('b.ts')]);
    expect([...graph.get(fixture('c.ts'))!].sort()).toEqual([
      path.join(ROOT, 'shared/brand.ts'),
      fixture('a.ts'),
    ]);
  });

  it('fails on a cycle of type imports, naming its modules', () => {
    expect(findCycles(graph)).toEqual([[fixture('a.ts'), fixture('b.ts'), fixture('a.ts')]]);
  });
});

describe('finding cycles', () => {
  it('finds none where the imports point one way', () => {
    expect(findCycles(graphOf({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
  });

  it('finds each circle once, however long, and a module importing itself', () => {
    const cycles = findCycles(
      graphOf({
        api: ['snooze'],
        snooze: ['schedule'],
        schedule: ['mail'],
        mail: ['api'],
        x: ['x'],
        y: ['api'],
      }),
    );
    expect(cycles).toHaveLength(2);
    expect(cycles).toContainEqual(['api', 'snooze', 'schedule', 'mail', 'api']);
    expect(cycles).toContainEqual(['x', 'x']);
  });

  it('gives the shortest way round when modules reach each other several ways', () => {
    const cycles = findCycles(graphOf({ a: ['b', 'c'], b: ['c'], c: ['d'], d: ['a'] }));
    expect(cycles).toEqual([['a', 'c', 'd', 'a']]);
  });

  it('walks a chain of 20,000 imports without overflowing the stack', () => {
    const n = 20_000;
    const edges: Record<string, string[]> = {};
    for (let i = 0; i < n; i++) edges[`m${i}`] = [`m${(i + 1) % n}`];
    const [cycle] = findCycles(graphOf(edges));
    expect(cycle).toHaveLength(n + 1);
  });
});

/**
 * Import cycles, type imports included: run by `npm run lint`, it fails when any module of the repo
 * can reach itself through its imports. ESLint's import-x/no-cycle leaves type-only imports out
 * (they are erased at build), but a circle of types still ties modules together: neither side can be
 * read, moved or split alone. So every import counts here: `import`, `import type`, `export … from`,
 * `import()` and `import('…')` in a type.
 *
 * The graph comes from the TypeScript compiler's own scanner (ts.preProcessFile, no type-checking)
 * and its module resolution as the repo's tsconfig sets it (Bundler: `.ts` extensions and the
 * `#shared/*` subpath import alike); an import that lands outside the repo's own sources (a package,
 * a stylesheet) is not an edge. Decision 0058 says why a script and not an ESLint option.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The source trees checked: all the code that ships or runs the product (test/ is left out). */
export const CHECKED_DIRS = ['lambdas', 'shared', 'lib', 'web', 'scripts', 'bin'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'public', 'cdk.out']);
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;

/** Every source file under `dirs` (relative to `root`), as absolute paths. */
export function sourceFiles(root: string, dirs: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(full);
      } else if (SOURCE.test(entry.name)) out.push(full);
    }
  };
  for (const dir of dirs) walk(path.join(root, dir));
  return out.sort();
}

/** As tsconfig.base.json resolves modules: only what decides where an import lands. */
const OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
  allowJs: true,
  jsx: ts.JsxEmit.ReactJSX,
};

/**
 * Each file's imports among `files`: file → the files it imports, by any kind of import. An import
 * that resolves to a file not in `files` (a package, another tree) is left out.
 */
export function importGraph(files: readonly string[]): Map<string, Set<string>> {
  const known = new Set(files);
  const cache = ts.createModuleResolutionCache(ROOT, (name) => name, OPTIONS);
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const edges = new Set<string>();
    // readImportFiles and detectJavaScriptImports: static, re-exported, dynamic and type imports alike.
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, OPTIONS, ts.sys, cache).resolvedModule;
      const target = resolved && path.resolve(resolved.resolvedFileName);
      if (target && target !== file && known.has(target)) edges.add(target);
    }
    graph.set(file, edges);
  }
  return graph;
}

/**
 * The cycles of a graph: one per group of modules that reach each other (a strongly connected
 * component, Tarjan's algorithm), each as a path that starts and ends at the same module.
 */
export function findCycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];

  // Iterative, so a long chain of imports cannot overflow the call stack.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const frames: { node: string; next: Iterator<string> }[] = [];
    const enter = (node: string) => {
      index.set(node, counter);
      low.set(node, counter++);
      stack.push(node);
      onStack.add(node);
      frames.push({ node, next: (graph.get(node) ?? new Set<string>()).values() });
    };
    enter(start);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      const step = frame.next.next();
      if (!step.done) {
        const to = step.value;
        if (!index.has(to)) enter(to);
        else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        if (group.length > 1 || graph.get(frame.node)?.has(frame.node)) groups.push(group);
      }
    }
  }
  return groups.map((group) => cycleThrough(graph, new Set(group)));
}

/** One concrete cycle inside a group of modules that reach each other: the shortest from its first (sorted) member. */
function cycleThrough(graph: ReadonlyMap<string, ReadonlySet<string>>, group: ReadonlySet<string>): string[] {
  const start = [...group].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head]!;
    for (const to of [...(graph.get(node) ?? [])].sort()) {
      if (!group.has(to)) continue;
      if (to === start) {
        const back = [start];
        for (let at = node; at !== start; at = cameFrom.get(at)!) back.push(at);
        back.push(start);
        return back.reverse();
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  const files = sourceFiles(ROOT, CHECKED_DIRS);
  const cycles = findCycles(importGraph(files));
  const ms = Math.round(performance.now() - started);
  for (const cycle of cycles) {
    console.error(
      `Import cycle (type imports count): ${cycle.map((f) => path.relative(ROOT, f)).join(' → ')}`,
    );
  }
  if (cycles.length > 0) {
    console.error(`${cycles.length} import cycle(s): move what both sides need into a module of its own.`);
    process.exitCode = 1;
  } else {
    console.log(`No import cycles among ${files.length} modules, type imports included (${ms} ms).`);
  }
}

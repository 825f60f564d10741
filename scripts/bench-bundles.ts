/**
 * `npm run bench:bundles`: every function's bundle, built as the stack builds it (lib/bundles.ts: the
 * same esbuild options, one build for all), and what it costs a cold start. Prints per function:
 *
 * - bundle KB and map KB (index.mjs, index.mjs.map as deployed; the map keeps our code's mappings only);
 * - the AWS SDK packages it imports as it loads (static) and on first use (lazy), which the nodejs22.x
 *   runtime provides, and the Powertools packages, which the Powertools layer provides (here, both
 *   from node_modules, so their load is in the import time as it is in Lambda's init);
 * - cold import ms: `import()` of the bundle in a fresh `node` process, as Lambda's init does, median
 *   of BENCH_RUNS runs (default 5), with the function's NODE_OPTIONS (--enable-source-maps);
 * - lazy SDK ms: what importing its lazy SDK packages then adds, once, on the first request that needs
 *   them (median too).
 *
 * Runs one process at a time (two cores are shared). BENCH_RUNS=9 npm run bench:bundles for steadier
 * figures; BENCH_ONLY=api/getMe,jobs/sendReminders for some functions; BENCH_TRACING=true to load as a
 * stage that traces does (the Tracer on: it patches http, https and fetch as it starts).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  bundleFunctions,
  bundleName,
  discoverEntries,
  MAX_BUNDLE_BYTES,
  type FunctionBundle,
} from '../lib/bundles.ts';
import { isLayerPackage, POWERTOOLS_SCOPE } from '../lib/powertools.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ONLY = process.env.BENCH_ONLY?.split(',').filter(Boolean);
// Inside node_modules, so that the bundles' imports of @aws-sdk/* and Powertools resolve as in Lambda.
const OUT = join(ROOT, 'node_modules/.cache/bench-bundles');

/** What every function gets from the stack, enough for a module to load (nothing is called). */
const LAMBDA_ENV = {
  AWS_REGION: 'eu-west-2',
  NODE_OPTIONS: '--enable-source-maps',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  // As in Lambda (the Tracer is off outside it), with the stage's flag.
  AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
  POWERTOOLS_TRACE_ENABLED: process.env.BENCH_TRACING === 'true' ? 'true' : 'false',
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Milliseconds to import the bundle, then its lazy packages, in a fresh node process. */
function coldImport(bundle: FunctionBundle): { importMs: number; lazyMs: number } {
  const script = `
    const start = performance.now();
    await import(${JSON.stringify(pathToFileURL(join(bundle.dir, 'index.mjs')).href)});
    const loaded = performance.now();
    for (const name of ${JSON.stringify(bundle.lazyExternals)}) await import(name);
    process.stdout.write(JSON.stringify([loaded - start, performance.now() - loaded]));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: bundle.dir,
    env: { PATH: process.env.PATH, ...LAMBDA_ENV },
    encoding: 'utf8',
  });
  const [importMs, lazyMs] = JSON.parse(out) as [number, number];
  return { importMs, lazyMs };
}

const short = (name: string) => name.replace('@aws-sdk/', '').replace(/^client-/, '');
const sdk = (names: string[]) =>
  names
    .filter((n) => !isLayerPackage(n))
    .map(short)
    .join(',') || '-';
/** The Powertools packages a bundle loads from the layer: logger, metrics, tracer. */
const layer = (names: string[]) =>
  [
    ...new Set(names.filter(isLayerPackage).map((n) => n.slice(POWERTOOLS_SCOPE.length + 1).split('/')[0])),
  ].join(',') || '-';
const kb = (bytes: number) => (bytes / 1024).toFixed(0);

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const entries = discoverEntries().filter((e) => !ONLY || ONLY.includes(bundleName(e)));
const started = performance.now();
const bundles = bundleFunctions(entries, OUT);
const buildMs = performance.now() - started;

console.log(`\n${entries.length} functions bundled in one esbuild build: ${(buildMs / 1000).toFixed(1)} s`);
console.log(
  `cold import: median of ${RUNS} fresh node ${process.version} processes, tracing ${LAMBDA_ENV.POWERTOOLS_TRACE_ENABLED === 'true' ? 'on' : 'off'}\n`,
);
const header = `${'function'.padEnd(36)} ${'KB'.padStart(4)} ${'map'.padStart(4)} ${'import ms'.padStart(9)} ${'lazy ms'.padStart(7)}  SDK at load | on first use; Powertools (layer)`;
console.log(header);
console.log('-'.repeat(header.length + 20));

interface Row {
  name: string;
  bundle: FunctionBundle;
  importMs: number;
  lazyMs: number;
}
const rows: Row[] = [];
for (const bundle of bundles.values()) {
  const runs = Array.from({ length: RUNS }, () => coldImport(bundle));
  const row = {
    name: bundleName(bundle.entry),
    bundle,
    importMs: median(runs.map((r) => r.importMs)),
    lazyMs: median(runs.map((r) => r.lazyMs)),
  };
  rows.push(row);
  const loads = `${sdk(bundle.staticExternals)} | ${sdk(bundle.lazyExternals)}; ${layer(bundle.staticExternals)}`;
  console.log(
    `${row.name.padEnd(36)} ${kb(bundle.jsBytes).padStart(4)} ${kb(bundle.mapBytes).padStart(4)} ${row.importMs.toFixed(0).padStart(9)} ${(bundle.lazyExternals.length ? row.lazyMs.toFixed(0) : '-').padStart(7)}  ${loads}`,
  );
}

console.log('\nper group (min–max):');
const range = (values: number[], digits = 0) =>
  `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
for (const group of [...new Set(rows.map((r) => r.name.split('/')[0]!))]) {
  const of = rows.filter((r) => r.name.startsWith(`${group}/`));
  console.log(
    `  ${group.padEnd(9)} ${String(of.length).padStart(2)} functions  bundle ${range(of.map((r) => r.bundle.jsBytes / 1024))} KB  map ${range(of.map((r) => r.bundle.mapBytes / 1024))} KB  import ${range(of.map((r) => r.importMs))} ms`,
  );
}
const over = rows.filter((r) => r.bundle.jsBytes > MAX_BUNDLE_BYTES);
console.log(
  over.length
    ? `\nOver ${kb(MAX_BUNDLE_BYTES)} KB: ${over.map((r) => r.name).join(', ')}`
    : `\nEvery bundle is within ${kb(MAX_BUNDLE_BYTES)} KB.`,
);
process.exitCode = over.length ? 1 : 0;

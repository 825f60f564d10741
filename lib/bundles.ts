/**
 * The Lambda bundles. Every function's handler is bundled by esbuild with the one set of options
 * below (ESBUILD_OPTIONS): the stack, `npm run bench:bundles` and the size test all use them.
 *
 * One esbuild build makes every function's bundle at once (the files directly in ENTRY_FOLDERS are
 * the entries): about 2 s for some 40 functions, where a NodejsFunction per function ran esbuild
 * once each (`cdk synth` 22–24 s, now 8–9 s). Each function's asset is then its own index.mjs and
 * index.mjs.map, staged by the CDK like any bundled asset: built only when the stack needs bundling
 * (the 'aws:cdk:bundling-stacks' context the tests set to [] skips it), hashed by its output.
 *
 * Source maps keep the mappings of our own code only (lambdas/, shared/), not of the dependencies:
 * a stack trace still names our file and line (NODE_OPTIONS=--enable-source-maps), a frame inside a
 * dependency keeps its bundle position, and the map is a tenth of what it was. See docs/bundles.md.
 */
import { copyFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetHashType, DockerImage } from 'aws-cdk-lib';
import { Code } from 'aws-cdk-lib/aws-lambda';
import { buildSync, type BuildOptions, type Metafile } from 'esbuild';
import { POWERTOOLS_SCOPE } from './powertools.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Each .ts file directly in these folders (lambdas/handlers/, by entry kind) is one function's `handler`. */
export const ENTRY_FOLDERS = ['api', 'jobs', 'triggers', 'events'].map((kind) => `lambdas/handlers/${kind}`);

/** A function's bundle may not grow past this (test/infra/bundles.test.ts). */
export const MAX_BUNDLE_BYTES = 340 * 1024;
/** The reader functions' own JavaScript (MIME, the extraction rules and dictionaries): their own budget. */
export const MAX_READER_BUNDLE_BYTES = 512 * 1024;

/**
 * The functions that read letters (lambdas/features/inbox: PDFs by PDF.js, photos by tesseract.js): their
 * bundle leaves READER_PACKAGES out, and their asset ships those packages (and what they depend
 * on) beside it under node_modules. tesseract.js starts its worker thread from its own files and
 * loads its WebAssembly core and the English model from disk at run time, which no bundle can hold;
 * PDF.js is 1.7 MB loaded only when a PDF arrives. See docs/bundles.md.
 */
export const READER_ENTRIES = ['api/uploadToInbox', 'events/inboxMail'].map(
  (f) => `lambdas/handlers/${f}.ts`,
);
export const READER_PACKAGES = [
  'unpdf',
  'tesseract.js',
  'tesseract.js-core',
  '@tesseract.js-data/eng',
] as const;
/** The reader functions' own budget: their shipped packages, unzipped (Lambda allows 250 MB). */
export const MAX_READER_PACKAGES_BYTES = 24 * 1024 * 1024;

export const isReaderEntry = (entry: string) => READER_ENTRIES.includes(entry);

/**
 * Files of the shipped packages a function never loads: tesseract.js-core's builds for the legacy
 * engine and its browser builds (the node worker loads one `*-lstm.js` and its `.wasm`, by the
 * WebAssembly features it finds), the model the reader does not use (`4.0.0`, it reads
 * `4.0.0_best_int`), types, maps and docs.
 */
export function shipsFile(relativePath: string): boolean {
  const parts = relativePath.split(sep).join('/');
  if (/\.(d\.[cm]?ts|map|md|markdown)$/i.test(parts)) return false;
  if (parts.startsWith('tesseract.js-core/tesseract-core'))
    return /^tesseract\.js-core\/tesseract-core(-simd|-relaxedsimd)?-lstm\.(js|wasm)$/.test(parts);
  if (parts.startsWith('@tesseract.js-data/eng/4.0.0/')) return false;
  return true;
}

/** The packages of `names` and every package they depend on, by name, as installed under `root`. */
export function packageClosure(names: readonly string[], root = ROOT): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const manifest = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    for (const dependency of Object.keys(manifest.dependencies ?? {})) visit(dependency);
  };
  names.forEach(visit);
  return [...seen].sort();
}

/** Copies the reader packages (packageClosure, shipsFile) into `dir`/node_modules. */
export function copyReaderPackages(dir: string, root = ROOT): void {
  for (const name of packageClosure(READER_PACKAGES, root)) {
    const from = join(root, 'node_modules', name);
    cpSync(from, join(dir, 'node_modules', name), {
      recursive: true,
      dereference: true,
      filter: (source) => source === from || shipsFile(join(name, relative(from, source))),
    });
  }
}

/**
 * How every function is bundled: a minified ES module for Node.js 22 with a linked source map.
 */
export const ESBUILD_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  minify: true,
  sourcemap: 'linked',
  // Maps without the sources embedded: stack traces still name file and line, the zip stays small.
  sourcesContent: false,
  // The nodejs22.x runtime provides the AWS SDK v3 and its Smithy packages (as NodejsFunction left them
  // out). They load at run time from the runtime's copy: see lambdas/runtime/clients.ts for when.
  // Powertools (Logger, Metrics, Tracer and what they bring: commons, aws-xray-sdk-core) comes from
  // its Lambda layer, which every function has (lib/powertools.ts).
  external: ['@aws-sdk/*', '@smithy/*', `${POWERTOOLS_SCOPE}/*`],
  // Prefer ES module builds of dependencies (smaller after tree shaking).
  mainFields: ['module', 'main'],
  // Dependencies that pick a build at run time get their production build only.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  // CommonJS dependencies call require(); an ES module has none, so give it one.
  banner: { js: "import { createRequire } from 'module';const require = createRequire(import.meta.url);" },
  // Mail templates are .tsx (React Email), though only the build (scripts/mail-plans.ts) renders them.
  jsx: 'automatic',
  outExtension: { '.js': '.mjs' },
  logLevel: 'warning',
} as const satisfies BuildOptions;

/** A function's output folder name, from its entry: 'lambdas/handlers/api/getMe.ts' → 'api/getMe'. */
export const bundleName = (entry: string) =>
  entry.replace(/^lambdas\/(?:handlers\/)?/, '').replace(/\.tsx?$/, '');

/** Every function entry under ENTRY_FOLDERS, relative to the repository root, sorted. */
export function discoverEntries(root = ROOT): string[] {
  return ENTRY_FOLDERS.flatMap((folder) =>
    readdirSync(join(root, folder), { withFileTypes: true })
      .filter((f) => f.isFile() && /\.tsx?$/.test(f.name) && !/\.(d|test)\.tsx?$/.test(f.name))
      .map((f) => `${folder}/${f.name}`),
  ).sort();
}

export interface FunctionBundle {
  entry: string;
  /** The folder holding index.mjs and index.mjs.map: the function's asset. */
  dir: string;
  jsBytes: number;
  mapBytes: number;
  /**
   * Packages left to the runtime or the Powertools layer (not node: built-ins) that the bundle
   * imports as it loads.
   */
  staticExternals: string[];
  /** Packages left out that it imports only when a code path needs them (import()). */
  lazyExternals: string[];
  /** Bytes of the bundle per package (or 'own' for lambdas/ and shared/). */
  bytesByPackage: Record<string, number>;
}

/** The package an input path belongs to, or 'own' for the repository's code. */
export function packageOf(input: string): string {
  const at = input.lastIndexOf('node_modules/');
  if (at < 0) return 'own';
  const [scope, name] = input.slice(at + 'node_modules/'.length).split('/');
  return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
}

/**
 * Bundles the entries (paths relative to `root`) in one esbuild build into `outdir`/<bundleName>/,
 * trims their source maps to our code, and reports each bundle.
 */
export function bundleFunctions(
  entries: readonly string[],
  outdir: string,
  root = ROOT,
): Map<string, FunctionBundle> {
  // Two builds: the reader functions leave their packages out as well (READER_PACKAGES).
  const build = (group: readonly string[], external: readonly string[]) =>
    group.length === 0
      ? {}
      : buildSync({
          ...ESBUILD_OPTIONS,
          external: [...ESBUILD_OPTIONS.external, ...external],
          absWorkingDir: root,
          entryPoints: Object.fromEntries(group.map((e) => [`${bundleName(e)}/index`, join(root, e)])),
          outdir,
          metafile: true,
        }).metafile.outputs;
  const outputs = {
    ...build(
      entries.filter((e) => !isReaderEntry(e)),
      [],
    ),
    ...build(entries.filter(isReaderEntry), READER_PACKAGES),
  };
  const bundles = new Map<string, FunctionBundle>();
  for (const entry of entries) {
    const dir = join(outdir, bundleName(entry));
    const js = join(dir, 'index.mjs');
    const output = outputs[relative(root, js)] ?? fail(`no output for ${entry}`);
    const map = `${js}.map`;
    const trimmed = ownCodeSourceMap(JSON.parse(readFileSync(map, 'utf8')) as SourceMapV3, dir, root);
    writeFileSync(map, JSON.stringify(trimmed));
    bundles.set(entry, {
      entry,
      dir,
      jsBytes: output.bytes,
      mapBytes: readFileSync(map).length,
      ...externals(output),
      bytesByPackage: bytesByPackage(output),
    });
  }
  return bundles;
}

const fail = (why: string): never => {
  throw new Error(`Bundles: ${why}`);
};

function externals(output: Metafile['outputs'][string]) {
  const of = (kind: string) =>
    [
      ...new Set(
        output.imports
          .filter((i) => i.external && i.kind === kind && !i.path.startsWith('node:'))
          .map((i) => i.path),
      ),
    ].sort();
  return { staticExternals: of('import-statement'), lazyExternals: of('dynamic-import') };
}

function bytesByPackage(output: Metafile['outputs'][string]): Record<string, number> {
  const sizes: Record<string, number> = {};
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const name = packageOf(input);
    sizes[name] = (sizes[name] ?? 0) + bytesInOutput;
  }
  return sizes;
}

// --- Source maps of our own code --------------------------------------------------------------------

export interface SourceMapV3 {
  version: 3;
  sources: string[];
  sourceRoot?: string;
  names: string[];
  mappings: string;
  sourcesContent?: (string | null)[];
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_VALUE = new Map([...B64].map((c, i) => [c, i]));

function decodeSegment(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let scale = 1;
  for (const char of segment) {
    const digit = B64_VALUE.get(char) ?? fail(`bad source map character ${char}`);
    value += (digit & 31) * scale;
    if (digit & 32) {
      scale *= 32;
      continue;
    }
    fields.push(value % 2 ? -(value - 1) / 2 : value / 2);
    value = 0;
    scale = 1;
  }
  return fields;
}

function encodeValue(n: number): string {
  let value = n < 0 ? -n * 2 + 1 : n * 2;
  let out = '';
  do {
    let digit = value % 32;
    value = Math.floor(value / 32);
    if (value > 0) digit |= 32;
    out += B64[digit];
  } while (value > 0);
  return out;
}

/**
 * A copy of `map` that maps only the generated code that comes from our own sources (not from a
 * node_modules path). Where dependency code starts, a segment without a source ends the mapping
 * before it, so its positions map to nothing rather than to the nearest code of ours. Sources are
 * rewritten relative to the repository root (a trace reads /var/task/lambdas/handlers/api/getMe.ts:12).
 */
export function ownCodeSourceMap(map: SourceMapV3, mapDir: string, root = ROOT): SourceMapV3 {
  const base = resolve(mapDir, map.sourceRoot ?? '');
  const paths = map.sources.map((s) => relative(root, resolve(base, s)));
  const keep = paths.map((p) => !p.startsWith('..') && !p.split(/[\\/]/).includes('node_modules'));
  const sources: string[] = [];
  const sourceIndex = new Map<number, number>();
  const names: string[] = [];
  const nameIndex = new Map<number, number>();
  // Absolute state of the input, and the last values written (fields are deltas from them).
  let source = 0;
  let line = 0;
  let column = 0;
  let name = 0;
  const written = { source: 0, line: 0, column: 0, name: 0 };
  const lines = map.mappings.split(';').map((generatedLine) => {
    let generatedColumn = 0;
    let writtenColumn = 0;
    let mapped = false;
    const out: string[] = [];
    for (const segment of generatedLine ? generatedLine.split(',') : []) {
      const [columnDelta, ...rest] = decodeSegment(segment);
      generatedColumn += columnDelta!;
      if (rest.length >= 3) {
        source += rest[0]!;
        line += rest[1]!;
        column += rest[2]!;
        if (rest.length >= 4) name += rest[3]!;
      }
      const ours = rest.length >= 3 && keep[source];
      if (!ours) {
        // The end of a mapped run; further unmapped segments add nothing.
        if (mapped) {
          out.push(encodeValue(generatedColumn - writtenColumn));
          writtenColumn = generatedColumn;
          mapped = false;
        }
        continue;
      }
      let newSource = sourceIndex.get(source);
      if (newSource === undefined) {
        newSource = sources.push(paths[source]!) - 1;
        sourceIndex.set(source, newSource);
      }
      let text =
        encodeValue(generatedColumn - writtenColumn) +
        encodeValue(newSource - written.source) +
        encodeValue(line - written.line) +
        encodeValue(column - written.column);
      if (rest.length >= 4) {
        let newName = nameIndex.get(name);
        if (newName === undefined) {
          newName = names.push(map.names[name]!) - 1;
          nameIndex.set(name, newName);
        }
        text += encodeValue(newName - written.name);
        written.name = newName;
      }
      out.push(text);
      writtenColumn = generatedColumn;
      written.source = newSource;
      written.line = line;
      written.column = column;
      mapped = true;
    }
    return out.join(',');
  });
  return { version: 3, sources, names, mappings: lines.join(';') };
}

// --- The stack's assets ------------------------------------------------------------------------------

const built = new Map<string, FunctionBundle>();
let buildDir: string | undefined;

/** The bundle of `entry`, building every function's bundle on the first call of the process. */
function bundleOf(entry: string): FunctionBundle {
  const done = built.get(entry);
  if (done) return done;
  if (!buildDir) {
    buildDir = mkdtempSync(join(tmpdir(), 'lambda-bundles-'));
    const dir = buildDir;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  // The first function asked for builds them all; one outside ENTRY_FOLDERS is built on its own.
  const entries = built.size === 0 ? [...new Set([...discoverEntries(), entry])] : [entry];
  const outdir = mkdtempSync(join(buildDir, 'build-'));
  for (const [name, bundle] of bundleFunctions(entries, outdir)) built.set(name, bundle);
  return built.get(entry) ?? fail(`${entry} was not built`);
}

/**
 * A function's code: its bundle (index.mjs, handler `index.handler`), built locally by esbuild when
 * the stack needs bundling. `entry` is relative to the repository root.
 */
export function bundledCode(entry: string): Code {
  return Code.fromAsset(ROOT, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Never pulled: the local bundler below always succeeds (or throws).
      image: DockerImage.fromRegistry('dummy'),
      // Tells the functions apart in the CDK's staging cache (the local bundler is not part of its key).
      command: ['esbuild', entry],
      local: {
        tryBundle(outputDir) {
          const { dir } = bundleOf(entry);
          for (const file of ['index.mjs', 'index.mjs.map'])
            copyFileSync(join(dir, file), join(outputDir, file));
          if (isReaderEntry(entry)) copyReaderPackages(outputDir);
          return true;
        },
      },
    },
  });
}

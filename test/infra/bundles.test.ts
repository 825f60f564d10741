/**
 * Lean bundles (docs/bundles.md): every function of the stack, bundled as the stack bundles it (one
 * esbuild build, lib/bundles.ts), is at most 340 KB (a letter reader, 512 KB), carries no React Email, react-dom or prettier
 * (the mails are filled from build-time plans) and no Powertools (its layer, which every function
 * that imports it has, provides it), and imports as it loads only DynamoDB's SDK packages and
 * Powertools: the other clients load on first use, and only in functions whose role may call them. The source maps
 * map our own code exactly as esbuild's full maps do, and nothing else. Sizes, not times: nothing here
 * depends on the machine's speed (`npm run bench:bundles` measures import times).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Stack } from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { buildSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bundleFunctions,
  discoverEntries,
  ESBUILD_OPTIONS,
  isReaderEntry,
  MAX_BUNDLE_BYTES,
  MAX_READER_BUNDLE_BYTES,
  ownCodeSourceMap,
  READER_PACKAGES,
  type FunctionBundle,
  type SourceMapV3,
} from '../../lib/bundles.ts';
import { AppFunction } from '../../lib/function.ts';
import {
  isLayerPackage,
  POWERTOOLS_SCOPE,
  powertoolsLayerParameter,
  powertoolsPackages,
  powertoolsVersion,
} from '../../lib/powertools.ts';
import { actionsOfFunction, cleanUp, synth, type Synthesized } from './harness.ts';

const dev = synth();
// The inbox's mail function exists only where a stage receives mail (a domain): prod's functions too.
const functions = [dev, synth({ stage: 'prod', domain: 'example.com' })].flatMap((s) =>
  s.stack.node.findAll().filter((c): c is AppFunction => c instanceof AppFunction),
);
const entries = [...new Set(functions.map((f) => f.entry))].sort();

const outdir = mkdtempSync(join(tmpdir(), 'bundles-test-'));
let bundles: Map<string, FunctionBundle>;
beforeAll(() => {
  bundles = bundleFunctions(entries, outdir);
});
afterAll(() => {
  rmSync(outdir, { recursive: true, force: true });
  cleanUp();
});

const each = () => [...bundles.values()];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The IAM action prefix an SDK package's calls need. */
const SERVICE_OF: Record<string, string> = {
  '@aws-sdk/client-dynamodb': 'dynamodb',
  '@aws-sdk/lib-dynamodb': 'dynamodb',
  '@aws-sdk/client-sesv2': 'ses',
  '@aws-sdk/client-sqs': 'sqs',
  '@aws-sdk/client-cognito-identity-provider': 'cognito-idp',
  '@aws-sdk/client-secrets-manager': 'secretsmanager',
  '@aws-sdk/client-lambda': 'lambda',
  '@aws-sdk/client-s3': 's3',
};

describe('the stack’s functions', () => {
  it('are all built by the one esbuild build of the synth (their entries are in ENTRY_FOLDERS)', () => {
    expect(functions.length).toBeGreaterThan(30);
    expect(discoverEntries()).toEqual(expect.arrayContaining(entries));
  });

  it(`each bundle is at most ${MAX_BUNDLE_BYTES / 1024} KB (a letter reader's, ${MAX_READER_BUNDLE_BYTES / 1024} KB)`, () => {
    const over = each()
      .filter((b) => b.jsBytes > (isReaderEntry(b.entry) ? MAX_READER_BUNDLE_BYTES : MAX_BUNDLE_BYTES))
      .map((b) => `${b.entry}: ${kb(b.jsBytes)} (${biggest(b)})`);
    expect(over).toStrictEqual([]);
  });

  it('no bundle carries React, React Email, react-dom, prettier or html-to-text', () => {
    const heavy = /^(react|react-dom|prettier|html-to-text|@react-email\/.*)$/;
    const found = each().flatMap((b) =>
      Object.keys(b.bytesByPackage)
        .filter((p) => heavy.test(p))
        .map((p) => `${b.entry}: ${p}`),
    );
    expect(found).toStrictEqual([]);
  });

  it('no bundle carries Powertools or the X-Ray SDK: the Powertools layer provides them', () => {
    const layered = /^(@aws-lambda-powertools\/.*|aws-xray-sdk-core|cls-hooked)$/;
    const found = each().flatMap((b) =>
      Object.keys(b.bytesByPackage)
        .filter((p) => layered.test(p))
        .map((p) => `${b.entry}: ${p}`),
    );
    expect(found).toStrictEqual([]);
  });

  it('each leaves out only what the nodejs22.x runtime (AWS SDK) or the Powertools layer provides (a reader, its shipped packages)', () => {
    const shipped = new Set<string>(READER_PACKAGES);
    const provided = (p: string, entry: string) =>
      /^@(aws-sdk|smithy)\//.test(p) || isLayerPackage(p) || (isReaderEntry(entry) && shipped.has(p));
    const other = each().flatMap((b) =>
      [...b.staticExternals, ...b.lazyExternals]
        .filter((p) => !provided(p, b.entry))
        .map((p) => `${b.entry}: ${p}`),
    );
    expect(other).toStrictEqual([]);
  });

  it('each imports only DynamoDB’s SDK packages (and Powertools) as it loads; the other clients on first use', () => {
    const allowed = new Set(['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb']);
    const eager = each().flatMap((b) =>
      b.staticExternals.filter((p) => !allowed.has(p) && !isLayerPackage(p)).map((p) => `${b.entry}: ${p}`),
    );
    expect(eager).toStrictEqual([]);
  });

  it('every function that imports a Powertools package has the Powertools layer of the installed version', () => {
    for (const s of [dev, synth({ stage: 'prod', domain: 'example.com' })]) {
      const parameters = (s.template.toJSON().Parameters ?? {}) as Record<string, { Default?: string }>;
      const layered = s.stack.node
        .findAll()
        .filter((c): c is AppFunction => c instanceof AppFunction)
        .filter((fn) => {
          const bundle = bundles.get(fn.entry)!;
          return [...bundle.staticExternals, ...bundle.lazyExternals].some(isLayerPackage);
        });
      // The Logger is every function's: all of them load Powertools.
      expect(layered.length).toBe(s.stack.node.findAll().filter((c) => c instanceof AppFunction).length);
      for (const fn of layered) {
        const cfn = fn.fn.node.defaultChild as CfnFunction;
        const layers = s.template.toJSON().Resources[Stack.of(fn).getLogicalId(cfn)].Properties.Layers as {
          Ref: string;
        }[];
        expect(layers, fn.node.path).toHaveLength(1);
        expect(parameters[layers[0]!.Ref]?.Default, fn.node.path).toBe(powertoolsLayerParameter());
      }
    }
  });

  /** Per function of a stack, the SDK packages (static, or also lazy) whose service its role may not call. */
  const beyondRole = ({ stack, template }: Synthesized, lazy: boolean) =>
    stack.node
      .findAll()
      .filter((c): c is AppFunction => c instanceof AppFunction)
      .flatMap((fn) => {
        const bundle = bundles.get(fn.entry)!;
        const logicalId = Stack.of(fn).getLogicalId(fn.fn.node.defaultChild as CfnFunction);
        const services = new Set([...actionsOfFunction(template, logicalId)].map((a) => a.split(':')[0]));
        return [...bundle.staticExternals, ...(lazy ? bundle.lazyExternals : [])]
          .filter((p) => p.startsWith('@aws-sdk/') && !services.has(SERVICE_OF[p] ?? p))
          .map((p) => `${fn.node.id}: ${p}`);
      })
      .sort();

  it('each imports as it loads only SDK packages of services its role may call', () => {
    expect(beyondRole(dev, false)).toStrictEqual([]);
  });

  it('on first use, each imports only SDK packages of services its role may call, but for one by design', () => {
    // A stage that sends mail (a domain), so the mail senders hold their SES rights.
    const withMail = synth({ stage: 'prod', domain: 'example.com' });
    expect(beyondRole(withMail, true)).toStrictEqual([
      // Reachable but never taken here: the admin's real run invokes the job, which queues the mails.
      'adminRunCron: @aws-sdk/client-sqs',
    ]);
  });
});

describe('the Powertools version the layer is chosen by', () => {
  it('is the one version of every Powertools package installed (ours and their commons)', () => {
    const version = powertoolsVersion();
    expect(powertoolsPackages()).toEqual(
      expect.arrayContaining([
        `${POWERTOOLS_SCOPE}/commons`,
        `${POWERTOOLS_SCOPE}/logger`,
        `${POWERTOOLS_SCOPE}/tracer`,
      ]),
    );
    for (const name of powertoolsPackages()) {
      const manifest = JSON.parse(readFileSync(join('node_modules', name, 'package.json'), 'utf8')) as {
        version: string;
      };
      expect(manifest.version, name).toBe(version);
    }
  });

  it('refuses packages at different versions: the layer holds one', () => {
    const root = mkdtempSync(join(outdir, 'versions-'));
    const dependencies = {
      [`${POWERTOOLS_SCOPE}/logger`]: '^2.0.0',
      [`${POWERTOOLS_SCOPE}/tracer`]: '^2.0.0',
    };
    writeFileSync(join(root, 'package.json'), JSON.stringify({ dependencies }));
    for (const [name, version] of [
      ['logger', '2.1.0'],
      ['tracer', '2.2.0'],
      ['commons', '2.1.0'],
    ]) {
      mkdirSync(join(root, 'node_modules', POWERTOOLS_SCOPE, name!), { recursive: true });
      writeFileSync(
        join(root, 'node_modules', POWERTOOLS_SCOPE, name!, 'package.json'),
        JSON.stringify({ version }),
      );
    }
    expect(() => powertoolsVersion(root)).toThrow(/must share one version.*tracer@2\.2\.0/);
  });
});

describe('source maps', () => {
  it('are linked, without sources, and name only our own files', () => {
    for (const b of each()) {
      expect(readFileSync(join(b.dir, 'index.mjs'), 'utf8')).toMatch(
        /\/\/# sourceMappingURL=index\.mjs\.map\s*$/,
      );
      const map = JSON.parse(readFileSync(join(b.dir, 'index.mjs.map'), 'utf8')) as SourceMapV3;
      expect(map.sourcesContent).toBeUndefined();
      expect(map.sources.filter((s) => !/^(lambdas|shared)\//.test(s))).toStrictEqual([]);
    }
  });

  it('map every position in our code as esbuild’s full map does, and dependency code to nothing', () => {
    const entry = 'lambdas/handlers/api/createReminder.ts';
    const dir = mkdtempSync(join(outdir, 'full-'));
    buildSync({
      ...ESBUILD_OPTIONS,
      absWorkingDir: process.cwd(),
      entryPoints: { index: entry },
      outdir: dir,
    });
    const full = JSON.parse(readFileSync(join(dir, 'index.mjs.map'), 'utf8')) as SourceMapV3;
    const trimmed = ownCodeSourceMap(full, dir);
    const before = new SourceMap(full as never);
    const after = new SourceMap(trimmed as never);
    const lines = readFileSync(join(dir, 'index.mjs'), 'utf8').split('\n');
    let ours = 0;
    for (let line = 0; line < lines.length; line++) {
      for (let column = 0; column < lines[line]!.length; column += 5) {
        const was = before.findEntry(line, column) as { originalSource?: string };
        const now = after.findEntry(line, column) as { originalSource?: string };
        if (was.originalSource && /\/(lambdas|shared)\//.test(was.originalSource)) {
          ours++;
          expect({ ...now, originalSource: undefined }).toStrictEqual({ ...was, originalSource: undefined });
          expect(was.originalSource.endsWith(`/${now.originalSource}`)).toBe(true);
        } else {
          expect(now.originalSource).toBeUndefined();
        }
      }
    }
    expect(ours).toBeGreaterThan(1000);
    // Under 30% of the full map: dependencies are most of it (our own code was a fifth of it until
    // shared reminders brought the household stores into the reminder routes, and just over a
    // quarter once every route checked the caller's sessions against the profile).
    expect(JSON.stringify(trimmed).length).toBeLessThan(JSON.stringify(full).length * 0.3);
  });
});

/** The three largest packages of a bundle, for the failure message. */
function biggest(b: FunctionBundle): string {
  return Object.entries(b.bytesByPackage)
    .sort((x, y) => y[1] - x[1])
    .slice(0, 3)
    .map(([name, bytes]) => `${name} ${kb(bytes)}`)
    .join(', ');
}

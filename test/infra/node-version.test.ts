import { readFileSync } from 'node:fs';
import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, describe, expect, it } from 'vitest';
import { ESBUILD_OPTIONS } from '../../lib/bundles.ts';
import { DEFAULT_LAMBDA_RUNTIME, LAMBDA_RUNTIMES, readStageConfig } from '../../lib/config.ts';
import { AppFunction, LAMBDA_RUNTIME } from '../../lib/function.ts';
import { cleanUp, newApp, synth, type Synthesized } from './harness.ts';

afterAll(cleanUp);

/** Our functions (AppFunction); CDK's own custom-resource handlers pick their own runtime. */
const ours = (s: Synthesized) => {
  const found = s.stack.node.findAll().filter((c): c is AppFunction => c instanceof AppFunction);
  expect(found.length).toBeGreaterThan(30);
  return found;
};

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('one Node.js version everywhere', () => {
  const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
  const major = Number(/^>=(\d+)/.exec(engines)?.[1]);

  it('is the one the functions run on and are built for, and what package.json asks for', () => {
    // ical-generator@11, cookie@2 and node-ical need 22: an older minimum made npm warn EBADENGINE.
    expect(major).toBe(22);
    // Our functions (AppFunction); CDK's own custom-resource handlers pick their own runtime.
    const runtimes = new Set(ours(synth()).map((f) => f.fn.runtime.name));
    expect([...runtimes]).toEqual([`nodejs${major}.x`]);
    expect(DEFAULT_LAMBDA_RUNTIME).toBe(`nodejs${major}.x`);
    expect(ESBUILD_OPTIONS.target).toBe(`node${major}`);
  });

  it('is what CI runs on, installed by the setup step where the machine has an older one', () => {
    expect(read('.ci/run')).toMatch(/^source \.ci\/node22\.sh$/m);
    expect(read('.ci/node22.sh')).toContain(`node@${major}`);
    expect(read('README.md')).toContain(`Needs Node.js ${major} or newer`);
  });
});

describe('the move to Node.js 24 (docs/operations.md, "Runtime")', () => {
  it('is a runtime this aws-cdk-lib knows, one setting per stage names it', () => {
    expect(Runtime.NODEJS_24_X.name).toBe('nodejs24.x');
    expect(LAMBDA_RUNTIMES).toEqual(['nodejs22.x', 'nodejs24.x']);
    expect(Object.fromEntries(Object.entries(LAMBDA_RUNTIME).map(([k, v]) => [k, v.name]))).toEqual({
      'nodejs22.x': 'nodejs22.x',
      'nodejs24.x': 'nodejs24.x',
    });
    expect(() => readStageConfig(newApp({ context: { lambdaRuntime: 'nodejs20.x' } }).node)).toThrow(
      "Context 'lambdaRuntime' must be one of nodejs22.x, nodejs24.x, not 'nodejs20.x'",
    );
  });

  it('runs every function of a stage that names it on Node.js 24, with the same bundles and layer, and passes cdk-nag', () => {
    const before = synth();
    const moved = synth({ stage: 'dev', lambdaRuntime: 'nodejs24.x' }, { nag: true });
    expect(new Set(ours(moved).map((f) => f.fn.runtime.name))).toEqual(new Set(['nodejs24.x']));
    // The same code and Powertools layer: the bundles target Node.js 22's syntax, which 24 runs, and
    // the layer is published for both.
    const code = (s: Synthesized) => ours(s).map((f) => s.stack.resolve(f.entry) as string);
    expect(code(moved)).toEqual(code(before));
    expect(ESBUILD_OPTIONS.target).toBe('node22');
    const layers = (s: Synthesized) =>
      new Set(
        ours(s).map((f) =>
          JSON.stringify(s.stack.resolve((f.fn.node.defaultChild as { layers?: unknown }).layers)),
        ),
      );
    expect(layers(moved)).toEqual(layers(before));
    const report = new AwsSolutionsChecks().validateScope(moved.app);
    expect(report.violations.map((v) => v.ruleName)).toEqual([]);
  });

  it('is planned, with the date Node.js 22 ends', () => {
    const operations = read('docs/operations.md');
    expect(operations).toContain('## Runtime');
    expect(operations).toContain('30 April 2027');
    expect(operations).toContain('"lambdaRuntime": "nodejs24.x"');
  });
});

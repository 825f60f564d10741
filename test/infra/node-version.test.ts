import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { ESBUILD_OPTIONS } from '../../lib/bundles.ts';
import { AppFunction } from '../../lib/function.ts';
import { cleanUp, synth } from './harness.ts';

afterAll(cleanUp);

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('one Node.js version everywhere', () => {
  const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
  const major = Number(/^>=(\d+)/.exec(engines)?.[1]);

  it('is the one the functions run on and are built for, and what package.json asks for', () => {
    // ical-generator@11, cookie@2 and node-ical need 22: an older minimum made npm warn EBADENGINE.
    expect(major).toBe(22);
    // Our functions (AppFunction); CDK's own custom-resource handlers pick their own runtime.
    const ours = synth()
      .stack.node.findAll()
      .filter((c): c is AppFunction => c instanceof AppFunction);
    expect(ours.length).toBeGreaterThan(30);
    const runtimes = new Set(ours.map((f) => f.fn.runtime.name));
    expect([...runtimes]).toEqual([`nodejs${major}.x`]);
    expect(ESBUILD_OPTIONS.target).toBe(`node${major}`);
  });

  it('is what CI runs on, installed by the setup step where the machine has an older one', () => {
    expect(read('.ci/run')).toMatch(/^source \.ci\/node22\.sh$/m);
    expect(read('.ci/node22.sh')).toContain(`node@${major}`);
    expect(read('README.md')).toContain(`Needs Node.js ${major} or newer`);
  });
});

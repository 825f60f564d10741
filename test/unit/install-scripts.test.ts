/**
 * npm 11 warns at install about dependencies whose install scripts package.json's `allowScripts`
 * does not cover (and a later npm skips them). Each one installed is decided there: a new
 * dependency with an install script fails here until someone has looked at what it runs.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const read = (path: string) => JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8'));
const manifest = read('package.json') as { allowScripts?: Record<string, boolean> };
const lock = read('package-lock.json') as { packages: Record<string, { hasInstallScript?: boolean }> };

const withInstallScripts = Object.entries(lock.packages)
  .filter(([, entry]) => entry.hasInstallScript)
  .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));

it('decides, for every installed package with an install script, whether it runs', () => {
  expect(withInstallScripts.length).toBeGreaterThan(0);
  expect(Object.keys(manifest.allowScripts ?? {}).sort()).toEqual([...new Set(withInstallScripts)].sort());
});

it('runs esbuild’s, which puts its native binary in place', () => {
  expect(manifest.allowScripts?.esbuild).toBe(true);
});

/**
 * Global setup of the e2e project: builds the production web app once per run, into a folder of
 * its own (a developer's web/dist, served by a running `npm start`, is left alone), and hands its
 * path to every test file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    webDir: string;
  }
}

export default function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '../..');
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rr-e2e-web-'));
  execFileSync(
    'npx',
    ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn', '--outDir', outDir],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  project.provide('webDir', outDir);
  return () => fs.rmSync(outDir, { recursive: true, force: true });
}

/**
 * Global setup of the e2e project: builds the production web app once per run, into a folder of
 * its own (a developer's web/dist, served by a running `npm start`, is left alone), and hands its
 * path to every test file. The build runs in the background while the files before the browser
 * files run (minutes, against its seconds); each browser file waits for it (`builtWebDir`,
 * test/support/web-dir.ts) before its stack starts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    webDir: string;
  }
}

/** Beside the build's folder: 'ok' once the build has succeeded, else what ended it. */
export const statusOf = (outDir: string) => `${outDir}.status`;

export default function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '../..');
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rr-e2e-web-'));
  const build = spawn(
    'npx',
    ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn', '--outDir', outDir],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const settle = (status: string) => fs.writeFileSync(statusOf(outDir), status);
  build.once('error', (error) => settle(`the build did not start: ${error.message}`));
  build.once('exit', (code, signal) =>
    settle(code === 0 ? 'ok' : `the build ended with ${signal ?? `exit code ${code}`} (its output is above)`),
  );
  project.provide('webDir', outDir);
  return () => {
    build.kill();
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.rmSync(statusOf(outDir), { force: true });
  };
}

/** The e2e project's web build (test/support/e2e-setup.ts), for the browser files. */
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { statusOf } from './e2e-setup.ts';

/** How long a browser file waits for the build (a few seconds on its own, longer beside the tests). */
const BUILD_WAIT_MS = 120_000;

/** The run's web build, once built (call from a hook): it waits for the build process to end. */
export async function builtWebDir(): Promise<string> {
  const outDir = inject('webDir');
  const status = () => (fs.existsSync(statusOf(outDir)) ? fs.readFileSync(statusOf(outDir), 'utf8') : '');
  // A process of the main Vitest's, not of this file: its end is only seen by looking.
  for (const started = Date.now(); status() === '' && Date.now() - started < BUILD_WAIT_MS;) await sleep(200);
  if (status() !== 'ok') throw new Error(`The e2e web build failed: ${status() || 'not done in 2 minutes'}`);
  return outDir;
}

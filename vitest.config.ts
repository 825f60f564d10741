import fs from 'node:fs';
import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './test/support/sequencer.ts';

/**
 * The unit and integration test files that touch process-wide state that outlives a file (module
 * mocks, a fresh module registry, environment variables, aws-sdk-client-mock's patched clients):
 * these run isolated, each in a fresh process, as modules that cache what they read (the handlers'
 * env(), say) would carry it into the next file. The other files share their worker (`isolate:
 * false`), so the modules they import (for an integration file, every stand-in and handler: about
 * 1.6 s) load once per worker, not once per file. Stubbed globals and fake timers do not make a file
 * stateful: each file puts them back after its tests, and test/support/shared-worker.ts puts back
 * whatever one leaves. Each integration file still starts a stack of its own, which points the
 * handlers' environment and clients at it (lib/local/environment.ts).
 */
const STATEFUL = /\bvi\.(mock|doMock|resetModules|stubEnv)\b|process\.env|\bmockClient\b/;
/** Run after each file of a shared worker: the globals and timers a file may leave stubbed, put back. */
const SHARED_WORKER = 'test/support/shared-worker.ts';
const statefulIn = (dir: string) =>
  fs
    .readdirSync(`${import.meta.dirname}/${dir}`, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `${dir}/${file}`)
    .filter((file) => STATEFUL.test(fs.readFileSync(`${import.meta.dirname}/${file}`, 'utf8')))
    .sort();
const STATEFUL_UNIT = statefulIn('test/unit');
const STATEFUL_INTEGRATION = statefulIn('test/integration');
const STATEFUL_WEB = statefulIn('test/web');
/**
 * The environment the shared unit files' functions run in, set by Vitest before any file and the
 * same for all of them, so the handlers' cached env() holds for every file: a table name (which
 * every function has, so env() reads at all) and a site other than the default, so a test of a
 * link shows the link follows the stage's site.
 */
const UNIT_ENV = { TABLE_NAME: 'unit', SITE_URL: 'https://app.example.com' };

/**
 * Projects: unit and unit-shared (pure code), web (the React components in happy-dom, the network
 * stubbed), infra (CDK assertions + cdk-nag), integration and integration-shared (handlers against
 * the local stand-ins), e2e (Chromium, and the core journeys in Firefox and WebKit, against the whole
 * local stack). `npm test` runs them all.
 */
export default defineConfig({
  test: {
    // Three test files at a time on two cores (each integration file runs with its own stack on free
    // ports): the unit, web, infra and integration files are mostly CPU, but the integration files
    // also wait on real time (a queue's lease, a sender's restart): with two at a time the cores were
    // 87% busy on average, with three 96%. The browser files run after them, in a group of their own
    // (see e2e below).
    maxWorkers: 3,
    // Each project's files longest first, by the last full run's seconds (test/durations.json), so
    // no long file starts last and runs on alone.
    sequence: { sequencer: LongestFirstSequencer },
    // Quiet stand-ins and handlers: failures still print, routine INFO lines do not.
    env: {
      POWERTOOLS_LOG_LEVEL: 'WARN',
      // No X-Ray in tests (the Tracer is off outside Lambda too): every Tracer call is a no-op.
      POWERTOOLS_TRACE_ENABLED: 'false',
      COGNITO_LOG_LEVEL: 'silent',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
    },
    projects: [
      // `npm run test:unit` runs both unit projects (--project 'unit*').
      // Pure code, but some files check a rule over thousands of inputs (the code-point range, the
      // mail plans, OCR of a photo): seconds each, which two busy cores can stretch past Vitest's
      // 5 s default. A unit test that hangs still fails, after 30 s.
      { test: { name: 'unit', include: STATEFUL_UNIT, testTimeout: 30_000 } },
      {
        test: {
          name: 'unit-shared',
          include: ['test/unit/**/*.test.ts'],
          exclude: STATEFUL_UNIT,
          env: UNIT_ENV,
          isolate: false,
          setupFiles: [SHARED_WORKER],
          testTimeout: 30_000,
        },
      },
      {
        // The React components in happy-dom. The files that mock modules or stub globals run isolated;
        // the others share their worker's DOM and modules (React, the app's code: about a second a
        // file), each test leaving the DOM, storage and the toasts as it found them (test/web/setup.ts).
        test: {
          name: 'web',
          include: STATEFUL_WEB,
          environment: 'happy-dom',
          setupFiles: ['test/web/setup.ts'],
        },
      },
      {
        test: {
          name: 'web-shared',
          include: ['test/web/**/*.test.{ts,tsx}'],
          exclude: STATEFUL_WEB,
          isolate: false,
          environment: 'happy-dom',
          setupFiles: ['test/web/setup.ts', SHARED_WORKER],
        },
      },
      {
        // Bundling every function for the bundle tests takes seconds of CPU in a hook. Files share
        // their worker (no isolation): aws-cdk-lib loads once per worker, and the plain dev and prod
        // stacks are synthesized once per worker (test/infra/harness.ts), not once per file.
        test: {
          name: 'infra',
          isolate: false,
          include: ['test/infra/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: STATEFUL_INTEGRATION,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration-shared',
          include: ['test/integration/**/*.test.ts'],
          exclude: STATEFUL_INTEGRATION,
          isolate: false,
          setupFiles: [SHARED_WORKER],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          // A browser file spends much of its time waiting on the browser and the stack: four at a
          // time, after the rest, in a group of their own. (Run beside the rest, in a second Vitest,
          // they kept both cores busy from start to end but were no faster overall, and the
          // deadlines the product keeps in real time, OCR's and an import's, ran out under the load.)
          sequence: { groupOrder: 1 },
          maxWorkers: 4,
          // None touches process-wide state (each starts its own stack and browser): the stack's and
          // Playwright's modules load once per worker.
          isolate: false,
          globalSetup: ['test/support/e2e-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // What the browser does on its own time (a push reaching the service worker, a notification
          // shown) can take over expect.poll's default second on a busy two-core machine; Playwright's
          // own waits here allow 15 s.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});

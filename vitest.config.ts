import { defineConfig } from 'vitest/config';

/**
 * Projects: unit (pure code), web (the React components in happy-dom, the network stubbed), infra (CDK assertions + cdk-nag), integration (handlers against the
 * local stand-ins), e2e (Chromium against the whole local stack). `npm test` runs them all.
 */
export default defineConfig({
  test: {
    // Two test files at a time across all projects (each file runs in its own process with its own
    // stack on free ports): on two cores the browser files overlap their waits, and the short unit,
    // infra and integration files fill in beside them.
    maxWorkers: 2,
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
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      {
        test: {
          name: 'web',
          include: ['test/web/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['test/web/setup.ts'],
        },
      },
      {
        // Bundling every function for the bundle tests takes seconds of CPU in a hook. Files share
        // their worker (no isolation): aws-cdk-lib loads once per worker, and each context is
        // synthesized once per worker (test/infra/harness.ts), not once per file.
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
          include: ['test/integration/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/support/e2e-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});

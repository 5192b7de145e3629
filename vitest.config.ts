import { defineConfig } from 'vitest/config';

// Four projects: `unit` and `infra` need nothing running; `integration` and `e2e` run against the
// local cloud, which test/setup/local-cloud.ts starts once (fresh data dir, test ports) and stops.
export default defineConfig({
  test: {
    globalSetup: ['test/setup/local-cloud.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // The functions' logs and metrics stay out of the test output; a test that reads them
          // turns the level up (test/unit/functions/captured-logs.ts). JSON lines, as on AWS, even
          // when the local cloud the other projects start has set the local text format.
          env: { POWERTOOLS_LOG_LEVEL: 'SILENT', POWERTOOLS_METRICS_DISABLED: 'true', POWERTOOLS_TRACE_ENABLED: 'false', UPWATCH_LOG_FORMAT: 'json' },
        },
      },
      { test: { name: 'infra', include: ['test/infra/**/*.test.ts'], testTimeout: 120_000 } },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One file at a time: on a fresh clone (no run order cached) force-check.test.ts met a
          // concurrently running file that kept its rounds from being decided (see the issue note).
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

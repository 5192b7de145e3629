import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The SPA's import aliases, as in frontend/vite.config.ts and tsconfig.json's `paths`.
const aliases = [
  { find: /^@\//, replacement: fileURLToPath(new URL('./frontend/src/', import.meta.url)) },
  { find: /^@shared\//, replacement: fileURLToPath(new URL('./shared/', import.meta.url)) },
];

// Five projects: `unit`, `components` and `infra` need nothing running; `integration` and `e2e` run against the
// local cloud, which test/setup/local-cloud.ts starts once (fresh data dir, test ports) and stops.
export default defineConfig({
  test: {
    globalSetup: ['test/setup/local-cloud.ts'],
    projects: [
      {
        // The SPA's modules import with its aliases (`@/`, `@shared/`).
        resolve: { alias: aliases },
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // The functions' logs and metrics stay out of the test output; a test that reads them
          // turns the level up (test/unit/functions/captured-logs.ts). JSON lines, as on AWS, even
          // when the local cloud the other projects start has set the local text format. No origin secret
          // either: a unit test calls a handler directly, with no edge in front (functions/secrets/origin-secret.ts),
          // even when the local cloud has put its own in the environment.
          env: {
            POWERTOOLS_LOG_LEVEL: 'SILENT',
            POWERTOOLS_METRICS_DISABLED: 'true',
            POWERTOOLS_TRACE_ENABLED: 'false',
            UPWATCH_LOG_FORMAT: 'json',
            LOCAL_ORIGIN_SECRET: '',
            ORIGIN_SECRET_ID: '',
          },
        },
      },
      {
        // The SPA's components rendered in happy-dom with Testing Library: forms and plan-aware states.
        resolve: { alias: aliases },
        test: {
          name: 'components',
          include: ['test/components/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['test/components/setup.ts'],
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
          // concurrently running file that kept its rounds from being decided: the files share one
          // local cloud and its two cores.
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
          // One retry: about one full run in three lost a browser test to a 15 s wait that passes on
          // its own (admin-panel's first sign-in at the prerendered /login, billing's UPI failure), a
          // timing race not found yet. A retry that passes is still listed in the run's output.
          retry: 1,
        },
      },
    ],
  },
});

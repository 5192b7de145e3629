import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Built from the repository root: `npx vite build --config frontend/vite.config.ts`.
// The SPA reads its runtime settings from /config.json, so one build serves the local cloud and AWS;
// nothing environment-specific is baked in here.
const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The SPA's import aliases (the same as tsconfig.json's `paths`, which tsc and eslint read, and as
 * vitest.config.ts's): `@/` is frontend/src, `@shared/` the domain code shared with the functions;
 * and, in the build only, `zod` itself.
 */
const aliases = [
  { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
  // zod without its `new Function` probe, which the Content-Security-Policy reports (src/lib/zod-jitless.ts).
  { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) },
  { find: /^@shared\//, replacement: fileURLToPath(new URL('../shared/', import.meta.url)) },
];

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  resolve: { alias: aliases },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Libraries change less often than our code: separate chunks stay cached across releases. Only
    // the libraries every page needs are grouped; the others (zod, the chart, Amplify) stay with
    // the lazily loaded screens that use them, so the first page loads only what it shows
    // (docs/performance-web.md: at most 150 kB of gzipped JavaScript before the first screen).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler|swr|use-sync-external-store)[\\/]/ },
            { name: 'amplify', test: /node_modules[\\/](aws-amplify|@aws-amplify|@aws-crypto|@aws-sdk|@smithy)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    // `npm start` runs the local gateway on :3000; it serves both the API and /config.json.
    proxy: {
      '/api': 'http://localhost:3000',
      '/config.json': 'http://localhost:3000',
    },
  },
});

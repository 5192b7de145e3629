import { fileURLToPath } from 'node:url';

/**
 * The SPA's import aliases, for Vite and Vitest (tsconfig.json's `paths` say the same for tsc and
 * eslint): `@/` is frontend/src, `@shared/` the domain code the SPA shares with the functions.
 */
export const aliases = [
  { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
  { find: /^@shared\//, replacement: fileURLToPath(new URL('../shared/', import.meta.url)) },
];
